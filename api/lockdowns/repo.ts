// SQL of lockdowns: the list, one lockdown, starting and ending one, and what an
// active lockdown means for rooms (their door state) and for a door's access list.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import type { DoorState } from "../schedules/contract.ts";
import type { Lockdown, LockdownActor } from "./contract.ts";
import type { LockdownInput } from "./schemas.ts";

const COLUMNS = "id, scope, room_ids, reason, started_at, started_by, ended_at, ended_by";

/** Newest first; `active` true: not ended, false: ended, undefined: all. */
export const listLockdowns = (sql: Queries, active?: boolean) =>
  sql<Lockdown[]>`
    select ${sql.unsafe(COLUMNS)} from lockdowns
    ${active === undefined ? sql`` : active ? sql`where ended_at is null` : sql`where ended_at is not null`}
    order by started_at desc, id desc`;

/** The lockdowns with these ids (for the event log: events/event_data.ts). */
export const lockdownsById = (sql: Queries, ids: number[]) =>
  sql<Lockdown[]>`select ${sql.unsafe(COLUMNS)} from lockdowns where id = any(${ids}::int[])`;

/** The lockdown, locked for the rest of the transaction with `forUpdate`. */
export async function findLockdown(sql: Queries, id: number, forUpdate = false): Promise<Lockdown | undefined> {
  const [row] = await sql<Lockdown[]>`
    select ${sql.unsafe(COLUMNS)} from lockdowns where id = ${id} ${forUpdate ? sql`for update` : sql``}`;
  return row;
}

export async function startLockdown(sql: Queries, input: LockdownInput, by: LockdownActor): Promise<Lockdown> {
  const [row] = await sql<Lockdown[]>`
    insert into lockdowns (scope, room_ids, reason, started_by)
    values (${input.scope}, ${input.roomIds}, ${input.reason}, ${sql.json(by)})
    returning ${sql.unsafe(COLUMNS)}`;
  return row;
}

export async function endLockdown(sql: Queries, id: number, by: LockdownActor): Promise<Lockdown> {
  const [row] = await sql<Lockdown[]>`
    update lockdowns set ended_at = now(), ended_by = ${sql.json(by)}
    where id = ${id} returning ${sql.unsafe(COLUMNS)}`;
  return row;
}

/** The ids among `roomIds` that are no room. */
export async function unknownRooms(sql: Queries, roomIds: number[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from unnest(${roomIds}::int[]) as wanted(id)
    where not exists (select 1 from rooms r where r.id = wanted.id)`;
  return rows.map((row) => row.id);
}

/**
 * The rooms among `roomIds` an active lockdown covers, with the earliest such
 * lockdown's start and reason: a door in lockdown shows since when and why.
 */
export async function lockdownStates(sql: Queries, roomIds: number[]): Promise<Map<number, DoorState>> {
  if (!roomIds.length) return new Map();
  const rows = await sql<{ roomId: number; startedAt: Date; reason: string }[]>`
    select distinct on (r.id) r.id as room_id, l.started_at, l.reason
    from unnest(${roomIds}::int[]) as r(id)
    join lockdowns l on l.ended_at is null and (l.scope = 'all' or r.id = any(l.room_ids))
    order by r.id, l.started_at, l.id`;
  return new Map(rows.map((row) => [row.roomId, { state: "lockdown", since: row.startedAt, until: null, reason: row.reason }]));
}

/** Whether an active lockdown covers the room: the SQL condition decisions and access lists share. */
export const coveredByLockdown = (sql: Queries, roomId: postgres.Fragment | number) =>
  sql`exists (select 1 from lockdowns l where l.ended_at is null and (l.scope = 'all' or ${roomId} = any(l.room_ids)))`;
