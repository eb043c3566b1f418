// Reading events from the log (migration 020): by position for the live streams and
// by id for the webhook senders, each with what it says, read from the row it is
// about in one query per type (a page of decisions is one read of access_logs).
import type { Queries } from "../db/connect.ts";
import { auditEventOf, type AuditRow } from "../audit/repo.ts";
import type { LogEntry } from "../logs/contract.ts";
import { lockdownsById } from "../lockdowns/repo.ts";
import { alarmsById } from "../alarms/repo.ts";
import { doorBoard } from "../doors/board.ts";
import { RoomParts } from "../access/room_parts.ts";
import { visitsById } from "../visits/repo.ts";
import { EVENTS_KEPT_DAYS } from "../jobs/housekeeping.ts";
import type { Event, EventType, RemoteUnlock } from "./contract.ts";

/**
 * Where a reader of the log stands: events after this (txid, id) are ahead of it,
 * except, for a reader that started afresh, those its start's snapshot (`seen`,
 * pg_snapshot text) already saw: committed before it began, though after a
 * transaction still running then.
 */
export type Position = { txid: string; id: number; seen?: string };

type Row = { id: number; txid: string; type: EventType; subjectId: number; at: Date };

/** bigint columns arrive as text; event and subject ids stay far below 2^53. */
const numbered = <R extends Row>(rows: R[]): R[] =>
  rows.map((row) => ({ ...row, id: Number(row.id), subjectId: Number(row.subjectId) }));

export const TEST_MESSAGE = "This is a test event from Threshold";

/**
 * Where the log ends for a reader starting now: after every transaction ended before
 * the oldest one still running, and, past that, whatever this snapshot sees (committed
 * already) is behind it too; what is still being written is ahead.
 */
export async function startPosition(sql: Queries): Promise<Position> {
  const [row] = await sql<{ txid: string; seen: string }[]>`
    select (pg_snapshot_xmin(s)::text::numeric - 1)::text as txid, s::text as seen
    from pg_current_snapshot() s`;
  return { txid: row.txid, id: Number.MAX_SAFE_INTEGER, seen: row.seen };
}

/**
 * Whether a reader that started at `start` has the event at `at` behind it already:
 * at or before its start in log order, or seen by its start's snapshot.
 */
export function behind(start: Position, at: Position): boolean {
  const t = BigInt(at.txid);
  const s = BigInt(start.txid);
  if (t < s || (t === s && at.id <= start.id)) return true;
  if (!start.seen) return false;
  // pg_snapshot text: xmin:xmax:xip,… (PostgreSQL, "Snapshot Information Functions").
  const [xmin, xmax, running] = start.seen.split(":");
  if (t < BigInt(xmin)) return true;
  return t < BigInt(xmax) && !running.split(",").includes(at.txid);
}

/**
 * The position of event `id`, or undefined once it is gone (pruned) or was never
 * written, or is older than EVENTS_KEPT_DAYS: housekeeping keeps such an event while a
 * delivery still needs it, but not those after it, which a reader resuming from it
 * would skip unawares.
 */
export async function positionOf(sql: Queries, id: number): Promise<Position | undefined> {
  const [row] = await sql<Position[]>`select txid::text, id from events
    where id = ${id} and at >= now() - ${EVENTS_KEPT_DAYS} * interval '1 day'`;
  return row;
}

/** An event of the log as committedAfter finds it, before what it says is read (eventsOf). */
export type LoggedEvent = Row & {
  position: Position;
  /**
   * Of a transaction older than every one still running: no event will ever come
   * before it in log order that is not already committed.
   */
  final: boolean;
};

/**
 * The committed events after `from` (at most `limit`, in log order): the final ones
 * first (txid below the oldest running transaction), then those of transactions that
 * ended while an older one still runs, which a reader may hear at once but not yet
 * step past (one committed late may still come before them). `until` bounds the read.
 */
export async function committedAfter(
  sql: Queries,
  from: Position,
  limit: number,
  until?: Position,
): Promise<LoggedEvent[]> {
  const rows = await sql<(Row & { final: boolean })[]>`
    select id, txid::text, type, subject_id, at, txid < pg_snapshot_xmin(pg_current_snapshot()) as final
    from events where (txid, id) > (${from.txid}::xid8, ${from.id})
      ${until ? sql`and (txid, id) <= (${until.txid}::xid8, ${until.id})` : sql``}
    order by txid, id
    limit ${limit}`;
  return numbered(rows).map((row) => ({ ...row, position: { txid: row.txid, id: row.id } }));
}

/** What these events say (those whose subject is gone left out), in their order, with where and whether final. */
export async function eventsOf(
  sql: Queries,
  rows: LoggedEvent[],
  parts?: RoomParts,
): Promise<(Event & Pick<LoggedEvent, "position" | "final">)[]> {
  const events = await withData(sql, rows, parts);
  const logged = new Map(rows.map((row) => [row.id, row]));
  return events.map((event) => {
    const { position, final } = logged.get(event.id)!;
    return { ...event, position, final };
  });
}

/** The events with these ids, each with what it says (those whose row is gone left out). */
export async function eventsById(sql: Queries, ids: number[]): Promise<Event[]> {
  const rows = numbered(
    await sql<Row[]>`
    select id, txid::text, type, subject_id, at from events where id = any(${ids}::bigint[]) order by id`,
  );
  return await withData(sql, rows);
}

/** `parts`: the process's rooms' parts (door.changed's list freshness), else worked out afresh. */
async function withData(sql: Queries, rows: Row[], parts = new RoomParts()): Promise<Event[]> {
  const subjects = (kinds: EventType[]) =>
    rows.filter((row) => kinds.includes(row.type)).map((row) => row.subjectId);
  const [logs, audits, lockdowns, unlocks, alarms, doors, visits] = await Promise.all([
    byId(accessLogs(sql, subjects(["access.granted", "access.denied"]))),
    byId(auditEvents(sql, subjects(["admin.change"]))),
    byId(lockdownsOf(sql, subjects(["lockdown.started", "lockdown.ended"]))),
    byId(remoteUnlocks(sql, subjects(["door.unlocked_remotely"]))),
    byId(alarmsOf(sql, subjects(["alarm.raised", "alarm.acknowledged", "alarm.resolved"]))),
    doorsOf(sql, subjects(["door.changed"]), parts),
    byId(visitsById(sql, subjects(["visit.arrived"]))),
  ]);
  const dataOf = (row: Row): unknown => {
    switch (row.type) {
      case "access.granted":
      case "access.denied":
        return logs.get(row.subjectId);
      case "admin.change":
        return audits.get(row.subjectId);
      case "lockdown.started":
      case "lockdown.ended":
        return lockdowns.get(row.subjectId);
      case "door.unlocked_remotely":
        return unlocks.get(row.subjectId);
      case "alarm.raised":
      case "alarm.acknowledged":
      case "alarm.resolved":
        return alarms.get(row.subjectId);
      case "door.changed":
        return doors.get(row.subjectId);
      case "visit.arrived": {
        // Without its PIN, as the audit trail: a webhook's receiver is another system,
        // and the PIN opens doors until the visit ends.
        const visit = visits.get(row.subjectId);
        if (!visit) return undefined;
        const { pin: _, ...withoutPin } = visit;
        return withoutPin;
      }
      case "webhook.test":
        return { webhookId: row.subjectId, message: TEST_MESSAGE };
    }
  };
  return rows.flatMap((row) => {
    const data = dataOf(row);
    return data === undefined
      ? []
      : [{ id: row.id, type: row.type, timestamp: row.at, data } as Event];
  });
}

async function byId<T extends { id?: number; commandId?: number }>(rows: Promise<T[]>) {
  return new Map((await rows).map((row) => [Number(row.id ?? row.commandId), row]));
}

const accessLogs = async (sql: Queries, ids: number[]) =>
  ids.length === 0 ? [] : (await sql<(Omit<LogEntry, "id"> & { id: string })[]>`
    select l.id, l.timestamp, l.user_id,
      coalesce(l.user_name, nullif(trim(u.first_name || ' ' || u.last_name), '')) as user_name,
      l.device_id, coalesce(l.device_name, d.name) as device_name,
      l.room_id, coalesce(l.room_name, r.name) as room_name,
      l.credential_type, l.action, l.outcome, l.reason
    from access_logs l
    left join users u on u.id = l.user_id and l.user_name is null
    left join devices d on d.id = l.device_id and l.device_name is null
    left join rooms r on r.id = l.room_id and l.room_name is null
    where l.id = any(${ids}::bigint[])`).map((row): LogEntry => ({ ...row, id: Number(row.id) }));

const auditEvents = async (sql: Queries, ids: number[]) =>
  ids.length === 0 ? [] : (await sql<AuditRow[]>`
    select id, at, actor_type, actor_id, actor_name, action, target_type, target_id, target_name,
      changes, ip, user_agent, request_id, hash
    from audit_events where id = any(${ids}::int[])`).map(auditEventOf);

/** Each door's entry as the board shows it now, by device id (a device gone: none). */
const doorsOf = async (sql: Queries, ids: number[], parts: RoomParts) =>
  new Map(ids.length === 0 ? [] : (await doorBoard(sql, parts, [...new Set(ids)])).map((door) => [door.deviceId, door]));

const alarmsOf = async (sql: Queries, ids: number[]) => ids.length === 0 ? [] : await alarmsById(sql, ids);

const lockdownsOf = async (sql: Queries, ids: number[]) =>
  ids.length === 0 ? [] : await lockdownsById(sql, ids);

const remoteUnlocks = async (sql: Queries, ids: number[]) =>
  ids.length === 0 ? [] : await sql<RemoteUnlock[]>`
    select c.id as command_id, c.device_id, d.name as device_name, d.room_id, r.name as room_name,
      c.user_id, c.user_name, c.acked_at as unlocked_at
    from device_commands c
    left join devices d on d.id = c.device_id
    left join rooms r on r.id = d.room_id
    where c.id = any(${ids}::int[])`;
