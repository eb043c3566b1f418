// Reading the audit trail: pages newest first (keyset on id, which follows the
// chain), every matching event in batches for the export, and the chain's check.
import type postgres from "postgres";
import type { z } from "zod";
import type { Queries } from "../db/connect.ts";
import { containsPattern } from "../logs/query.ts";
import type { auditQuery } from "./schemas.ts";
import type { AuditEvent, AuditPage, AuditVerification } from "./contract.ts";
import { distinctValues } from "../db/rows.ts";

export const PAGE_SIZE = 50;
/** The hash before the first event; a pruned trail starts from its prune event's anchor. */
export const GENESIS = "0".repeat(64);

export type AuditQuery = z.infer<typeof auditQuery>;
export type AuditFilter = Omit<AuditQuery, "cursor">;

function conditions(sql: Queries, filter: AuditFilter, before?: number): postgres.Fragment {
  const parts: postgres.Fragment[] = [];
  if (filter.search) {
    // Identical to the trigram index expression of migration 014.
    parts.push(sql`(e.actor_name || E'\\n' || e.action || E'\\n' || coalesce(e.target_name, ''))
      ilike ${containsPattern(filter.search)}`);
  }
  if (filter.action) parts.push(sql`e.action = ${filter.action}`);
  if (filter.actorId !== undefined) parts.push(sql`e.actor_id = ${filter.actorId}`);
  if (filter.targetType) parts.push(sql`e.target_type = ${filter.targetType}`);
  if (filter.targetId !== undefined) parts.push(sql`e.target_id = ${filter.targetId}`);
  if (filter.from) parts.push(sql`e.at >= ${filter.from}`);
  if (filter.to) parts.push(sql`e.at <= ${filter.to}`);
  if (before !== undefined) parts.push(sql`e.id < ${before}`);
  return parts.reduce((all, part) => sql`${all} and ${part}`, sql`true`);
}

export type AuditRow = Omit<AuditEvent, "actor" | "target"> & {
  actorType: AuditEvent["actor"]["type"];
  actorId: number | null;
  actorName: string;
  targetType: string | null;
  targetId: number | null;
  targetName: string | null;
};

/** A stored event as the API shows it. */
export const auditEventOf = (
  { actorType, actorId, actorName, targetType, targetId, targetName, ...rest }: AuditRow,
): AuditEvent => ({
  ...rest,
  actor: { type: actorType, id: actorId, name: actorName },
  target: targetType === null ? null : { type: targetType, id: targetId, name: targetName },
});

async function rows(sql: Queries, filter: AuditFilter, limit: number, before?: number) {
  const found = await sql<AuditRow[]>`
    select e.id, e.at, e.actor_type, e.actor_id, e.actor_name, e.action, e.target_type,
      e.target_id, e.target_name, e.changes, e.ip, e.user_agent, e.request_id, e.hash
    from audit_events e
    where ${conditions(sql, filter, before)}
    order by e.id desc
    limit ${limit}`;
  return found.map(auditEventOf);
}

export async function auditPage(sql: Queries, query: AuditQuery): Promise<AuditPage> {
  const found = await rows(
    sql,
    query,
    PAGE_SIZE + 1,
    query.cursor ? Number(query.cursor) : undefined,
  );
  const items = found.slice(0, PAGE_SIZE);
  return {
    items,
    nextCursor: found.length > PAGE_SIZE ? String(items[items.length - 1].id) : null,
  };
}

/** Every matching event, newest first, in keyset batches (the CSV export). */
export async function* allEvents(sql: Queries, filter: AuditFilter, batch = 2_000) {
  let before: number | undefined;
  while (true) {
    const page = await rows(sql, filter, batch, before);
    if (page.length) yield page;
    if (page.length < batch) return;
    before = page[page.length - 1].id;
  }
}

/** The actions the trail holds, for the action filter (a skip scan of the action index). */
export const auditActions = (sql: Queries) => distinctValues(sql, "audit_events", "action");

/** Events a verify statement checks: about 0.2 s at ~9 µs an event, well inside the 900 ms deadline. */
export const VERIFY_BATCH = 20_000;

type Checked = { brokenAt: number | null; count: number; lastId: number | null; lastHash: string | null };

/**
 * Recomputes every event's hash and link, oldest first, in the database, in keyset
 * batches of `batch` events a statement (one statement for the whole trail would
 * outlast the statement deadline past ~100k events), carrying the last hash from
 * batch to batch and stopping at the first break. It checks the trail up to the
 * newest event when it starts: ids follow the chain and are given under the chain's
 * lock, so every event up to that one is committed, and later ones are the next
 * check's. The first event links to GENESIS, or (after pruning) to an anchor a
 * prune event recorded: a batch's first event that does not link to the hash
 * carried over is accepted only as the oldest event left (a prune may have run
 * meanwhile) linked to such an anchor. The first event that fails is named.
 */
export async function verifyChain(sql: Queries, batch = VERIFY_BATCH): Promise<AuditVerification> {
  const [newest] = await sql<{ id: number }[]>`select id from audit_events order by id desc limit 1`;
  if (!newest) return { ok: true, count: 0, lastHash: null };
  let after = 0;
  let carried = GENESIS;
  let count = 0;
  while (true) {
    const [page] = await sql<Checked[]>`
      with page as (
        select e.id, e.prev_hash, e.hash, e.hash = audit_event_hash(e.prev_hash, e) as sealed
        from audit_events e
        where e.id > ${after} and e.id <= ${newest.id}
        order by e.id
        limit ${batch}
      ), checked as (
        select id, hash, prev_hash, sealed,
          prev_hash = coalesce(lag(hash) over (order by id), ${carried}) as linked,
          row_number() over (order by id) = 1 as first
        from page
      )
      select
        (select min(id) from checked c
          where not sealed
            or (not linked and not (first
              and not exists (select 1 from audit_events o where o.id < c.id)
              and exists (select 1 from audit_events p
                where p.action = 'audit.prune' and p.changes -> 'anchor' ->> 1 = c.prev_hash)))
        ) as broken_at,
        (select count(*)::int from checked) as count,
        (select id from checked order by id desc limit 1) as last_id,
        (select hash from checked order by id desc limit 1) as last_hash`;
    if (page.brokenAt !== null) return { ok: false, brokenAt: page.brokenAt };
    count += page.count;
    if (page.lastId === null) break;
    after = page.lastId;
    carried = page.lastHash!;
    if (page.count < batch || after >= newest.id) break;
  }
  return { ok: true, count, lastHash: count ? carried : null };
}
