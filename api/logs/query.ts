// The one access-log query every log page uses (global, user, room, device,
// group): filters, keyset paging newest first over (timestamp desc, id desc), a
// capped total, and batches for the CSV export.
import type postgres from "postgres";
import type { z } from "zod";
import type { Queries } from "../db/connect.ts";
import type { logQuery } from "./schemas.ts";
import type { LogEntry, LogPage } from "./contract.ts";
import { badRequest } from "../http/errors.ts";
import { transaction } from "../http/transaction.ts";
import { distinctValues } from "../db/rows.ts";

const QUERY_CANCELED = "57014";

export type LogScope =
  | { kind: "all" }
  | { kind: "user" | "room" | "device"; id: number }
  | { kind: "group"; id: number };

/** A scope ready for the query: a group becomes its current members and rooms. */
type Resolved =
  | { kind: "all" }
  | { kind: "user" | "room" | "device"; id: number }
  | { kind: "group"; userIds: number[]; roomIds: number[] };

/** Totals are counted up to this many rows; beyond it the answer says "at least". */
export const TOTAL_CAP = 1_000;
/** A count taking longer than this is given up: the page answers without a total (LOG_COUNT_BUDGET_MS). */
export const COUNT_BUDGET_MS = 60;

export type LogQuery = z.infer<typeof logQuery>;
export type LogFilter = Omit<LogQuery, "limit" | "cursor">;

// --- cursor ------------------------------------------------------------------

export type Cursor = { timestamp: Date; id: string };

/** Opaque to clients: base64url of "<epoch ms>.<id>" of the last row of a page. */
export function encodeCursor(row: { timestamp: Date; id: number | string }): string {
  return btoa(`${row.timestamp.getTime()}.${row.id}`).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function decodeCursor(cursor: string): Cursor {
  let text = "";
  try {
    text = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch { /* falls through to the check below */ }
  const match = /^(-?\d{1,15})\.(\d{1,19})$/.exec(text);
  if (!match) throw badRequest("cursor: is not a valid cursor");
  return { timestamp: new Date(Number(match[1])), id: match[2] };
}

// --- the query ----------------------------------------------------------------

/** LIKE pattern matching the text anywhere, with LIKE's own characters escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

function and(sql: Queries, parts: postgres.Fragment[]): postgres.Fragment {
  return parts.reduce((all, part) => sql`${all} and ${part}`, sql`true`);
}

/**
 * A group's log: what its current members did in its current rooms (membership
 * and grants as they are now, not as they were at the time of each event). Both
 * lists are read first, so the planner sees their values and uses the indexes.
 */
async function resolve(sql: Queries, scope: LogScope): Promise<Resolved> {
  if (scope.kind !== "group") return scope;
  const [lists] = await sql<{ userIds: number[]; roomIds: number[] }[]>`
    select
      array(select user_id from user_groups where group_id = ${scope.id} order by 1) as user_ids,
      array(select room_id from group_rooms where group_id = ${scope.id} order by 1) as room_ids`;
  return { kind: "group", ...lists };
}

const isEmpty = (scope: Resolved) =>
  scope.kind === "group" && (!scope.userIds.length || !scope.roomIds.length);

function conditions(sql: Queries, scope: Resolved, filter: LogFilter, cursor?: Cursor) {
  const parts: postgres.Fragment[] = [];
  switch (scope.kind) {
    case "user":
      parts.push(sql`l.user_id = ${scope.id}`);
      break;
    case "room":
      parts.push(sql`l.room_id = ${scope.id}`);
      break;
    case "device":
      parts.push(sql`l.device_id = ${scope.id}`);
      break;
    case "group":
      parts.push(sql`l.user_id = any(${scope.userIds}::int[])
        and l.room_id = any(${scope.roomIds}::int[])`);
      break;
  }
  if (filter.search) {
    // Identical to the trigram index expression of migration 006.
    parts.push(sql`(
      coalesce(l.user_name, '') || E'\\n' || coalesce(l.device_name, '') || E'\\n' ||
      coalesce(l.credential_type, '') || E'\\n' || l.action
    ) ilike ${containsPattern(filter.search)}`);
  }
  if (filter.outcome !== "all") parts.push(sql`l.outcome = ${filter.outcome}`);
  if (filter.event) parts.push(sql`l.action = ${filter.event}`);
  if (filter.from) parts.push(sql`l.timestamp >= ${filter.from}`);
  if (filter.to) parts.push(sql`l.timestamp <= ${filter.to}`);
  if (cursor) {
    parts.push(sql`(l.timestamp, l.id) < (${cursor.timestamp}::timestamptz, ${cursor.id}::bigint)`);
  }
  return and(sql, parts);
}

/** One page, newest first, and whether another follows. */
async function rows(
  sql: Queries,
  scope: Resolved,
  filter: LogFilter,
  limit: number,
  cursor?: Cursor,
): Promise<LogEntry[]> {
  if (isEmpty(scope)) return [];
  // The page is chosen first (index order, limit), then names are filled in for
  // rows written without a snapshot.
  const found = await sql<(Omit<LogEntry, "id"> & { id: string })[]>`
    select p.id, p.timestamp, p.user_id,
           coalesce(p.user_name, nullif(trim(u.first_name || ' ' || u.last_name), ''))
             as user_name,
           p.device_id, coalesce(p.device_name, d.name) as device_name,
           p.room_id, coalesce(p.room_name, r.name) as room_name,
           p.credential_type, p.action, p.outcome, p.reason
    from (
      select l.* from access_logs l
      where ${conditions(sql, scope, filter, cursor)}
      order by l.timestamp desc, l.id desc
      limit ${limit}
    ) p
    left join users u on u.id = p.user_id and p.user_name is null
    left join devices d on d.id = p.device_id and p.device_name is null
    left join rooms r on r.id = p.room_id and p.room_name is null
    order by p.timestamp desc, p.id desc`;
  // Identity values stay far below 2^53: ids travel as JSON numbers.
  return found.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function logPage(
  sql: Queries,
  scope: LogScope,
  query: LogQuery,
  countBudgetMs = COUNT_BUDGET_MS,
): Promise<LogPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const resolved = await resolve(sql, scope);
  const [found, counted] = await Promise.all([
    rows(sql, resolved, query, query.limit + 1, cursor),
    countUpTo(sql, resolved, query, TOTAL_CAP, countBudgetMs),
  ]);
  const items = found.slice(0, query.limit);
  const more = found.length > query.limit;
  return {
    items,
    nextCursor: more ? encodeCursor(items[items.length - 1]) : null,
    total: counted === null ? null : Math.min(counted, TOTAL_CAP),
    totalExact: counted !== null && counted <= TOTAL_CAP,
  };
}

/**
 * Counts matching rows, stopping after cap + 1, so a huge log costs no more than
 * that; and gives up after `budgetMs` (null), so a sparse filter over a
 * big log cannot hold the page back.
 */
async function countUpTo(
  sql: Queries,
  scope: Resolved,
  filter: LogFilter,
  cap: number,
  budgetMs: number,
) {
  if (isEmpty(scope)) return 0;
  try {
    return await transaction(sql, async (tx) => {
      // Sent together (pipelined). A serial plan: starting parallel workers costs more
      // than counting a thousand rows, and they compete for the same cores.
      const [, , [row]] = await Promise.all([
        tx`select set_config('statement_timeout', ${String(budgetMs)}, true)`,
        tx`select set_config('max_parallel_workers_per_gather', '0', true)`,
        tx<{ n: number }[]>`
          select count(*)::int as n from (
            select 1 from access_logs l where ${conditions(tx, scope, filter)} limit ${cap + 1}
          ) t`,
      ]);
      return row.n;
    });
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) return null;
    throw error;
  }
}

/** Every matching row, newest first, in keyset batches (the CSV export). */
export async function* allRows(
  sql: Queries,
  scope: LogScope,
  filter: LogFilter,
  batch = 2_000,
): AsyncGenerator<LogEntry[]> {
  const resolved = await resolve(sql, scope);
  let cursor: Cursor | undefined;
  while (true) {
    const page = await rows(sql, resolved, filter, batch, cursor);
    if (page.length) yield page;
    if (page.length < batch) return;
    const last = page[page.length - 1];
    cursor = { timestamp: last.timestamp, id: String(last.id) };
  }
}

/** The actions the log holds, for the "All Events" choice (a skip scan of the action index). */
export const logEvents = (sql: Queries) => distinctValues(sql, "access_logs", "action");
