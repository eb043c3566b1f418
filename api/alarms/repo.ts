// The alarms' SQL (spec 4 §2): reading them as the API shows them, keyset-paged, and
// an admin's acknowledgement and resolution. Raising and clearing: raise.ts.
import type { Queries } from "../db/connect.ts";
import type { Alarm, AlarmActor, AlarmCounts } from "./contract.ts";

const PAGE = 50;

/** The columns of an Alarm, with its state worked out. */
const columns = (sql: Queries) => sql`
  a.id, a.type, a.severity,
  case when a.resolved_at is not null then 'resolved'
       when a.acknowledged_at is not null then 'acknowledged' else 'active' end as state,
  a.device_id, a.device_name, a.room_id, a.room_name, a.started_at, a.cleared_at,
  a.acknowledged_at, a.acknowledged_by, a.resolved_at, a.resolved_by, a.note`;

export const alarmsById = (sql: Queries, ids: number[]) =>
  sql<Alarm[]>`select ${columns(sql)} from alarms a where a.id = any(${ids}::int[])`;

export async function alarmById(sql: Queries, id: number): Promise<Alarm | undefined> {
  return (await alarmsById(sql, [id]))[0];
}

export type AlarmFilter = {
  state?: "open" | "resolved";
  type?: string;
  roomId?: number;
  deviceId?: number;
  /** After this (startedAt, id), as the last page's nextCursor said. */
  after?: { startedAt: Date; id: number };
};

/** Newest first, 50 a page; nextCursor names the last one when more may follow. */
export async function listAlarms(sql: Queries, f: AlarmFilter): Promise<{ items: Alarm[]; nextCursor: string | null }> {
  const items = await sql<Alarm[]>`
    select ${columns(sql)} from alarms a
    where true
      ${f.state === "open" ? sql`and a.resolved_at is null` : f.state === "resolved" ? sql`and a.resolved_at is not null` : sql``}
      ${f.type ? sql`and a.type = ${f.type}` : sql``}
      ${f.roomId ? sql`and a.room_id = ${f.roomId}` : sql``}
      ${f.deviceId ? sql`and a.device_id = ${f.deviceId}` : sql``}
      ${f.after ? sql`and (a.started_at, a.id) < (${f.after.startedAt}, ${f.after.id})` : sql``}
    order by a.started_at desc, a.id desc
    limit ${PAGE + 1}`;
  const more = items.length > PAGE;
  const page = items.slice(0, PAGE);
  const last = page.at(-1);
  return { items: page, nextCursor: more && last ? cursorOf(last) : null };
}

/** How many unresolved alarms wait for someone (active) and how many are being seen to (acknowledged): the Alarms badge. */
export async function alarmCounts(sql: Queries): Promise<AlarmCounts> {
  const [counts] = await sql<AlarmCounts[]>`
    select count(*) filter (where acknowledged_at is null)::int as active,
           count(*) filter (where acknowledged_at is not null)::int as acknowledged
    from alarms where resolved_at is null`;
  return counts;
}

/** A cursor: the last item's start and id, opaque to callers. */
export const cursorOf = (a: Pick<Alarm, "startedAt" | "id">) =>
  btoa(`${new Date(a.startedAt).toISOString()}|${a.id}`).replaceAll("=", "");

/** The cursor read back; undefined when it is not one. */
export function readCursor(cursor: string): { startedAt: Date; id: number } | undefined {
  let text: string;
  try {
    text = atob(cursor);
  } catch {
    return undefined;
  }
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,10})$/.exec(text);
  const startedAt = match ? new Date(match[1]) : undefined;
  const id = match ? Number(match[2]) : NaN;
  if (!startedAt || Number.isNaN(startedAt.getTime()) || !Number.isSafeInteger(id) || id > 2_147_483_647) return undefined;
  return { startedAt, id };
}

/**
 * Acknowledges (or resolves) the alarm, with the admin's note if given (kept when none
 * is given): "missing" when there is none, "resolved" or "acknowledged" when it already
 * was (a resolved alarm never changes again).
 */
export async function actOnAlarm(
  sql: Queries,
  id: number,
  act: "acknowledge" | "resolve",
  by: AlarmActor,
  note: string | null,
): Promise<"missing" | "resolved" | "acknowledged" | Alarm> {
  const [row] = await sql<{ acknowledgedAt: Date | null; resolvedAt: Date | null }[]>`
    select acknowledged_at, resolved_at from alarms where id = ${id} for update`;
  if (!row) return "missing";
  if (row.resolvedAt) return "resolved";
  if (act === "acknowledge" && row.acknowledgedAt) return "acknowledged";
  if (act === "acknowledge") {
    await sql`update alarms set acknowledged_at = now(), acknowledged_by = ${sql.json(by)},
      note = coalesce(${note}, note) where id = ${id}`;
  } else {
    await sql`update alarms set resolved_at = now(), resolved_by = ${sql.json(by)},
      note = coalesce(${note}, note) where id = ${id}`;
  }
  return (await alarmById(sql, id))!;
}
