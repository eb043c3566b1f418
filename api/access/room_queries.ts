// What a room's doors' access lists hold, read in the database: who may pass and
// with what (the people), on which schedules, and the room's guests. Whole, for a
// full list (room_parts.ts), or for some users only, for a delta (list_deltas.ts).
//
// The people and schedules are read by the room's grants (RoomGrants), not by the
// room: rooms alike in their grants and unlock schedule have the same people and
// schedules, worked out and kept once for all of them (issue 33: a campus's 400
// rooms held by one group of 100,000 people are one, not 400).
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import type { AccessList } from "./access_list.ts";
import { scheduleRuleRows } from "../schedules/repo.ts";
import { LEAD_MINUTES } from "../visits/visit_rules.ts";
import { inListOrder, type People } from "./list_delta.ts";
import { inWindow } from "./visit_window.ts";

/**
 * A row of roomPeople's statement: a user, listed whatever they hold; one of their
 * credentials, naming only them; or nobody (the generation's row).
 */
type Row = { generation: string } & (
  | { kind: null }
  | { kind: "user"; userId: number; userName: string; scheduleIds: number[] | null; lockdownOverride: boolean }
  | { kind: "card"; userId: number; type: string; facilityCode: string | null; code: string }
  | { kind: "passkey" | "wallet"; userId: number; code: string }
);

/**
 * What a room's people and schedules are made of: its grants (each group holding it,
 * with the grant's schedule or null) and its unlock schedule. `key` names them, for
 * keeping what is worked out from them.
 */
export type RoomGrants = { key: string; groupIds: number[]; scheduleIds: (number | null)[]; unlockScheduleId: number | null };

/**
 * The grants of the rooms `rooms` selects (a statement's room ids), as a table to join
 * on room_id: `grants` is the room's `group:schedule` pairs by group (a group holds a
 * room once), the schedule empty when there is none; a room without grants has no
 * row. Grouped once per room: as a column read per device, the campus' 1,000 doors
 * a process scanned group_rooms 1,000 times a pass (36 ms of the database's CPU,
 * against 8-11 ms so; issue 33).
 */
export const grantsByRoom = (sql: Queries, rooms: postgres.Fragment) =>
  sql`(select gr.room_id, string_agg(gr.group_id || ':' || coalesce(gr.schedule_id::text, ''), ',' order by gr.group_id) as grants
       from group_rooms gr where gr.room_id in (${rooms}) group by gr.room_id)`;

/** The grants read by grantsByRoom, and the room's unlock schedule. */
export function roomGrants(grants: string, unlockScheduleId: number | null): RoomGrants {
  const pairs = grants ? grants.split(",").map((pair) => pair.split(":")) : [];
  return {
    key: `${grants}|${unlockScheduleId ?? ""}`,
    groupIds: pairs.map(([group]) => Number(group)),
    scheduleIds: pairs.map(([, schedule]) => schedule ? Number(schedule) : null),
    unlockScheduleId,
  };
}

/** The grants as a table of a statement (group_id, schedule_id). */
const grantsTable = (sql: Queries, grants: RoomGrants) =>
  sql`unnest(${grants.groupIds}::int[], ${grants.scheduleIds}::int[]) as gr(group_id, schedule_id)`;

/**
 * The people of rooms with these grants (all, or those of `userIds` only), and the
 * generation (022) they are exactly as of: read by the same statement, so that a
 * list built from them can say which changes it holds (list_changes.ts).
 */
export async function roomPeople(
  sql: Queries,
  grants: RoomGrants,
  userIds: number[] | null = null,
): Promise<{ people: People; generation: bigint }> {
  // Active users in an active group of the grants, with their active credentials and
  // the schedules of their grants (null when one grant has none: at all times). Every
  // such user is listed, a credential or none: a member's guest passes as the host
  // would (spec 4 §5), and a controller alone must find the host in its list for that
  // even when the host holds no badge or passkey.
  const rows = await sql<Row[]>`
    with allowed as (
      select u.id,
             ${personName(sql, "u")} as name,
             case when bool_or(gr.schedule_id is null) then null
                  else array_agg(distinct gr.schedule_id order by gr.schedule_id) end as schedule_ids,
             bool_or(g.lockdown_override) as lockdown_override
      from ${grantsTable(sql, grants)}
      join groups g on g.id = gr.group_id and g.is_active
      join user_groups ug on ug.group_id = gr.group_id ${userIds ? sql`and ug.user_id = any(${userIds}::int[])` : sql``}
      join users u on u.id = ug.user_id and u.is_active
      group by u.id
    ), listed as (
      select 'user' as kind, a.id as user_id, a.name as user_name, a.schedule_ids,
             a.lockdown_override, null as type, null as facility_code, null as code
      from allowed a
      union all
      select 'card', a.id, null, null, null, c.type, c.facility_code, c.card_code
      from allowed a join user_credentials c on c.user_id = a.id and c.is_active
      union all
      select 'passkey', a.id, null, null, null, null, null, p.credential_id
      from allowed a join passkeys p on p.user_id = a.id
      union all
      select 'wallet', a.id, null, null, null, null, null, w.credential_data
      from allowed a join lastlock_credentials w on w.user_id = a.id
        and w.credential_type = 'APPLE_WALLET' and w.is_active
    )
    -- One row at least, for the generation.
    select g.generation, l.* from access_list_generation g left join listed l on true`;
  const people: People = { users: [], credentials: [], passkeys: [], wallets: [], lockdownOverrideUserIds: [] };
  const users = new Map<number, AccessList["users"][number]>();
  const overrides = new Set<number>();
  for (const row of rows) {
    if (row.kind === null) continue;
    if (row.kind === "user") {
      users.set(row.userId, { id: row.userId, name: row.userName, scheduleIds: row.scheduleIds });
      if (row.lockdownOverride) overrides.add(row.userId);
    } else if (row.kind === "card") {
      people.credentials.push({ type: row.type, facilityCode: row.facilityCode, cardCode: row.code, userId: row.userId });
    } else {
      (row.kind === "passkey" ? people.passkeys : people.wallets).push({ credentialId: row.code, userId: row.userId });
    }
  }
  people.users = [...users.values()];
  people.lockdownOverrideUserIds = [...overrides];
  return { people: inListOrder(people), generation: BigInt(rows[0].generation) };
}

/**
 * The schedules of rooms with these grants: those of the grants of active groups,
 * and the unlock schedule. Not of who holds the grants, so that a user's change
 * never changes them (list_delta.ts sends them only when they move).
 */
export async function roomSchedules(sql: Queries, grants: RoomGrants): Promise<AccessList["schedules"]> {
  const ids = await sql<{ id: number }[]>`
    select gr.schedule_id as id from ${grantsTable(sql, grants)} join groups g on g.id = gr.group_id and g.is_active
    where gr.schedule_id is not null`;
  const scheduleIds = new Set(ids.map((row) => row.id));
  if (grants.unlockScheduleId !== null) scheduleIds.add(grants.unlockScheduleId);
  return await scheduleRuleRows(sql, [...scheduleIds]);
}

/**
 * The rooms' visits in the window as of `asOf` (visit_window.ts), by room, each by
 * id: a guest's PIN kept as the SHA-256 of the visit's id, a colon and the PIN
 * (pinHash), so that equal PINs of different visits differ; the pass's hash as
 * stored. A member's guest names the host (hostUserId), whom the controller holds to
 * the host's own entry in the list; an admin's guest has none. With the generations
 * (people, visits) the statement saw. One statement for all of them: a change asks
 * it for every room with a door connected (400 on a campus).
 */
export async function roomsVisits(
  sql: Queries,
  roomIds: number[],
  asOf: Date,
): Promise<{ visits: Map<number, AccessList["visits"]>; generation: bigint; visitsGeneration: bigint }> {
  const rows = await sql<
    ({ generation: string; visitsGeneration: string; roomId: number; visitId: number | null; activeFrom: Date; endsAt: Date } & Omit<
      AccessList["visits"][number],
      "visitId" | "activeFrom" | "endsAt"
    >)[]
  >`
    with listed as (
      select vr.room_id, v.id as visit_id, v.guest_name,
             ${personName(sql, "h")} as host_name,
             case when v.bounded_by_host then v.host_id end as host_user_id,
             (select array_agg(r.room_id order by r.room_id) from visit_rooms r where r.visit_id = v.id) as room_ids,
             encode(sha256(convert_to(v.id || ':' || v.pin, 'UTF8')), 'hex') as pin_hash,
             v.pass_hash,
             v.starts_at - ${LEAD_MINUTES} * interval '1 minute' as active_from,
             v.ends_at
      from visit_rooms vr
      join visits v on v.id = vr.visit_id
      join users h on h.id = v.host_id
      where vr.room_id = any(${roomIds}::int[]) and ${inWindow(sql, sql`${asOf}::timestamptz`)}
    )
    select g.generation, w.generation as visits_generation, l.*
    from access_list_generation g cross join access_list_visits w left join listed l on true
    order by l.visit_id`;
  const visits = new Map(roomIds.map((id) => [id, [] as AccessList["visits"]]));
  for (const { generation: _, visitsGeneration: __, roomId, ...r } of rows) {
    if (r.visitId === null) continue;
    visits.get(roomId)!.push({ ...r, visitId: r.visitId, activeFrom: r.activeFrom.toISOString(), endsAt: r.endsAt.toISOString() });
  }
  return {
    visits,
    generation: BigInt(rows[0].generation),
    visitsGeneration: BigInt(rows[0].visitsGeneration),
  };
}

