// Visits in the database (spec 4 §5). The status is worked out from the clock by
// visit_rules.ts; the list's status filter says the same in SQL.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import type { Visit } from "./contract.ts";
import type { VisitInput } from "./schemas.ts";
import { LEAD_MINUTES, visitStatus } from "./visit_rules.ts";

type Row = Omit<Visit, "status" | "host" | "createdBy"> & {
  hostId: number;
  hostName: string;
  createdById: number | null;
  createdByName: string | null;
};

const selectVisits = (sql: Queries, where: postgres.Fragment, tail: postgres.Fragment = sql``) =>
  sql<Row[]>`
    select v.id, v.guest_name, v.guest_email, v.host_id, ${personName(sql, "h")} as host_name,
           coalesce(r.ids, '{}') as room_ids, coalesce(r.names, '{}') as room_names,
           v.starts_at, v.ends_at, v.note, v.pin, v.arrived_at, v.revoked_at, v.created_at, v.updated_at,
           v.created_by as created_by_id, ${personName(sql, "c")} as created_by_name
    from visits v
    join users h on h.id = v.host_id
    left join users c on c.id = v.created_by
    left join lateral (
      select array_agg(ro.id order by ro.name, ro.id) as ids, array_agg(ro.name order by ro.name, ro.id) as names
      from visit_rooms vr join rooms ro on ro.id = vr.room_id where vr.visit_id = v.id
    ) r on true
    where ${where}
    ${tail}`;

function toVisit(row: Row, now: Date): Visit {
  const { hostId, hostName, createdById, createdByName, ...visit } = row;
  return {
    ...visit,
    host: { id: hostId, name: hostName },
    createdBy: createdById === null ? null : { id: createdById, name: createdByName! },
    status: visitStatus(visit, now),
  };
}

export async function findVisit(sql: Queries, id: number, now = new Date()): Promise<Visit | undefined> {
  const [row] = await selectVisits(sql, sql`v.id = ${id}`);
  return row && toVisit(row, now);
}

/** The visit whose pass's code has this hash. */
export async function visitOfPass(sql: Queries, passHash: string, now = new Date()): Promise<Visit | undefined> {
  const [row] = await selectVisits(sql, sql`v.pass_hash = ${passHash}`);
  return row && toVisit(row, now);
}

/** The visits with these ids (those gone left out): an event's data. */
export async function visitsById(sql: Queries, ids: number[], now = new Date()): Promise<Visit[]> {
  if (!ids.length) return [];
  return (await selectVisits(sql, sql`v.id = any(${ids}::int[])`)).map((row) => toVisit(row, now));
}

export type VisitFilter = {
  /** One status, or any of several. */
  status?: Visit["status"] | Visit["status"][];
  hostId?: number;
  roomId?: number;
  search?: string;
  from?: string;
  to?: string;
};

/** At most this many, by start: a screen narrows with from and to. */
export const LIST_LIMIT = 500;

export async function listVisits(sql: Queries, filter: VisitFilter, now = new Date()): Promise<Visit[]> {
  const lead = sql`${LEAD_MINUTES} * interval '1 minute'`;
  // visit_rules.ts's visitStatus, in SQL.
  const status = {
    revoked: sql`v.revoked_at is not null`,
    ended: sql`v.revoked_at is null and v.ends_at <= ${now}`,
    active: sql`v.revoked_at is null and v.starts_at - ${lead} <= ${now} and ${now} < v.ends_at`,
    upcoming: sql`v.revoked_at is null and v.starts_at - ${lead} > ${now}`,
  };
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, "\\$&")}%` : null;
  const statuses = filter.status === undefined ? [] : [filter.status].flat();
  const where = sql`true
    ${statuses.length ? sql`and (${statuses.map((s) => sql`(${status[s]})`).reduce((a, b) => sql`${a} or ${b}`)})` : sql``}
    ${filter.roomId ? sql`and exists (select 1 from visit_rooms vr where vr.visit_id = v.id and vr.room_id = ${filter.roomId})` : sql``}
    ${filter.hostId ? sql`and v.host_id = ${filter.hostId}` : sql``}
    ${filter.from ? sql`and v.ends_at > ${filter.from}` : sql``}
    ${filter.to ? sql`and v.starts_at < ${filter.to}` : sql``}
    ${
    pattern
      ? sql`and (v.guest_name ilike ${pattern} or coalesce(v.guest_email, '') ilike ${pattern}
               or ${personName(sql, "h")} ilike ${pattern})`
      : sql``
  }`;
  const rows = await selectVisits(sql, where, sql`order by v.starts_at, v.id limit ${LIST_LIMIT}`);
  return rows.map((row) => toVisit(row, now));
}

/**
 * Rooms of `roomIds` the visit may not name: for an admin (`heldBy` null) those that
 * do not exist or are deactivated; for a member, also those no active group of
 * theirs holds.
 */
export async function roomsNotAllowed(sql: Queries, roomIds: number[], heldBy: number | null): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select ids.id from unnest(${roomIds}::int[]) as ids(id)
    where not exists (
      select 1 from rooms r where r.id = ids.id and r.is_active
      ${
    heldBy === null ? sql`` : sql`and exists (
        select 1 from user_groups ug join groups g on g.id = ug.group_id and g.is_active
        join group_rooms gr on gr.group_id = g.id and gr.room_id = r.id
        where ug.user_id = ${heldBy})`
  }
    )`;
  return rows.map((r) => r.id);
}

/**
 * A PIN no visit still to end holds: drawn at random under a lock, so two visits
 * made at once never draw the same one.
 */
export async function drawPin(tx: Queries): Promise<string> {
  await tx`select pg_advisory_xact_lock(hashtextextended('visit pins', 0))`;
  for (;;) {
    const pin = String(crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000).padStart(6, "0");
    const [taken] = await tx`select 1 from visits where pin = ${pin} and revoked_at is null and ends_at > now()`;
    if (!taken) return pin;
  }
}

type Stored = Omit<VisitInput, "hostId"> & { hostId: number };

export async function insertVisit(
  tx: Queries,
  visit: Stored & { pin: string; passHash: string; boundedByHost: boolean; createdBy: number },
): Promise<number> {
  const [row] = await tx<{ id: number }[]>`
    insert into visits (guest_name, guest_email, host_id, starts_at, ends_at, note, pin, pass_hash, bounded_by_host, created_by)
    values (${visit.guestName}, ${visit.guestEmail ?? null}, ${visit.hostId}, ${visit.startsAt}, ${visit.endsAt},
            ${visit.note}, ${visit.pin}, ${visit.passHash}, ${visit.boundedByHost}, ${visit.createdBy})
    returning id`;
  await setRooms(tx, row.id, visit.roomIds);
  return row.id;
}

/** An edit. `boundedByHost` only ever binds: a visit bound to its host's grants stays so. */
export async function updateVisit(tx: Queries, id: number, visit: Stored & { boundedByHost: boolean }) {
  await tx`update visits set guest_name = ${visit.guestName}, guest_email = ${visit.guestEmail ?? null},
      host_id = ${visit.hostId}, starts_at = ${visit.startsAt}, ends_at = ${visit.endsAt}, note = ${visit.note},
      bounded_by_host = bounded_by_host or ${visit.boundedByHost}
    where id = ${id}`;
  await tx`delete from visit_rooms where visit_id = ${id} and room_id <> all(${visit.roomIds}::int[])`;
  await setRooms(tx, id, visit.roomIds);
}

async function setRooms(tx: Queries, visitId: number, roomIds: number[]) {
  await tx`insert into visit_rooms (visit_id, room_id) select ${visitId}, unnest(${roomIds}::int[])
    on conflict do nothing`;
}

export async function revokeVisit(tx: Queries, id: number) {
  await tx`update visits set revoked_at = now() where id = ${id}`;
}
