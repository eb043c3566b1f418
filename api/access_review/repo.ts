// The access review's reads (spec 4 §7), by the decisions' rules in their order
// (access/decisions.ts): the user active, the room active, a lockdown covering the
// room (unless a group with lockdown override lets them through), one grant of an
// active group open now. Each grant's schedule is asked once, whatever the number of
// people it lets through: a room held by a group of 10,000 costs one schedule_open.
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import { coveredByLockdown } from "../lockdowns/repo.ts";
import { scheduleRules } from "../schedules/repo.ts";
import { nextChangeOfAny } from "../member_doors/doors.ts";
import { listVisits } from "../visits/repo.ts";
import type { Reason } from "../access/schemas.ts";
import type { RoomAccess, UserAccess, Via } from "./contract.ts";

/** A room as the rules read it: active or not, and whether a lockdown covers it. */
export type Room = { id: number; isActive: boolean; locked: boolean };

/** The room as the rules read it; undefined when there is no such room. */
export async function roomState(sql: Queries, roomId: number): Promise<Room | undefined> {
  const [room] = await sql<Room[]>`
    select r.id, r.is_active, ${coveredByLockdown(sql, sql`r.id`)} as locked from rooms r where r.id = ${roomId}`;
  return room;
}

/** A grant of the room by an active group, and whether its schedule is open. */
export type RoomGrant = Via & { openNow: boolean };

/** The room's grants by active groups, by group name; each schedule asked once. */
export const roomGrants = (sql: Queries, roomId: number, at: Date) =>
  sql<RoomGrant[]>`
    select gr.group_id, g.name as group_name, gr.schedule_id, s.name as schedule_name, g.lockdown_override,
           gr.schedule_id is null or schedule_open(gr.schedule_id, ${at}) as open_now
    from group_rooms gr
    join groups g on g.id = gr.group_id and g.is_active
    left join schedules s on s.id = gr.schedule_id
    where gr.room_id = ${roomId}
    order by lower(g.name), g.id`;

/**
 * The decisions' last rules, for an active user in an active room through the grants
 * they hold on it: in a lockdown, a group with lockdown override (whatever its
 * schedule); else one grant open now. The reason of the rule that fails, or null.
 * The device page's Assigned Credentials tells its Denied by it (devices/assigned_credentials.ts).
 */
export function grantsDeny(
  room: Pick<Room, "locked">,
  held: RoomGrant[],
): Extract<Reason, "lockdown" | "outside_schedule"> | null {
  if (room.locked) return held.some((g) => g.lockdownOverride) ? null : "lockdown";
  return held.some((g) => g.openNow) ? null : "outside_schedule";
}

/**
 * The room's people, by the decisions' rules: the room active, then grantsDeny. The
 * database answers each person's groups by id and each grant once; their `via` objects
 * are shared here: built per person there, 10,000 people's JSON took four times as
 * long as the rest of the read.
 */
async function roomUsers(sql: Queries, room: Room, at: Date): Promise<RoomAccess["users"]> {
  const grants = await roomGrants(sql, room.id, at);
  if (!grants.length) return [];
  const people = await sql<{ userId: number; name: string; email: string; groupIds: number[] }[]>`
    select u.id as user_id, ${personName(sql, "u")} as name, u.email, array_agg(ug.group_id) as group_ids
    from user_groups ug join users u on u.id = ug.user_id and u.is_active
    where ug.group_id = any(${grants.map((g) => g.groupId)}::int[])
    group by u.id
    order by lower(${personName(sql, "u")}), u.id`;
  const vias = grants.map(({ openNow: _, ...via }) => via);
  return people.map(({ groupIds, ...person }) => {
    const held = grants.filter((g) => groupIds.includes(g.groupId));
    const canOpenNow = room.isActive && grantsDeny(room, held) === null;
    return { ...person, canOpenNow, via: vias.filter((v) => groupIds.includes(v.groupId)) };
  });
}

/** The room's guests: visits to it active or upcoming, by start. */
async function roomVisits(sql: Queries, roomId: number, at: Date): Promise<RoomAccess["visits"]> {
  const visits = await listVisits(sql, { status: ["active", "upcoming"], roomId }, at);
  return visits.map((v) => ({
    visitId: v.id,
    guestName: v.guestName,
    hostName: v.host.name,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    status: v.status,
  }));
}

/** The room's review; undefined when there is no such room. */
export async function roomAccess(sql: Queries, roomId: number, at = new Date()): Promise<RoomAccess | undefined> {
  const room = await roomState(sql, roomId);
  if (!room) return undefined;
  const [users, visits] = await Promise.all([roomUsers(sql, room, at), roomVisits(sql, roomId, at)]);
  return { users, visits };
}

type Row = {
  roomId: number;
  roomName: string;
  isActive: boolean;
  locked: boolean;
  userActive: boolean;
  via: Via[];
  openGrant: boolean;
  always: boolean;
  override: boolean;
};

/** The user's access review; undefined when there is no such user. */
export async function userAccess(sql: Queries, userId: number, at = new Date()): Promise<UserAccess | undefined> {
  const [user] = await sql<{ isActive: boolean }[]>`select is_active from users where id = ${userId}`;
  if (!user) return undefined;
  const rows = await sql<Row[]>`
    select r.id as room_id, r.name as room_name, r.is_active, ${coveredByLockdown(sql, sql`r.id`)} as locked,
      json_agg(json_build_object('groupId', g.id, 'groupName', g.name, 'scheduleId', gr.schedule_id,
        'scheduleName', s.name, 'lockdownOverride', g.lockdown_override) order by lower(g.name), g.id) as via,
      bool_or(gr.schedule_id is null or schedule_open(gr.schedule_id, ${at})) as open_grant,
      bool_or(gr.schedule_id is null) as always,
      bool_or(g.lockdown_override) as override
    from user_groups ug
    join groups g on g.id = ug.group_id and g.is_active
    join group_rooms gr on gr.group_id = g.id
    join rooms r on r.id = gr.room_id
    left join schedules s on s.id = gr.schedule_id
    where ug.user_id = ${userId}
    group by r.id
    order by lower(r.name), r.id`;
  const ids = [...new Set(rows.flatMap((row) => row.via.map((v) => v.scheduleId).filter((id): id is number => id !== null)))];
  const rules = await scheduleRules(sql, ids);
  return rows.map((row) => {
    const canOpenNow = user.isActive && row.isActive && (row.locked ? row.override : row.openGrant);
    // Only the schedules change it by themselves, and only while they decide it.
    const byClock = user.isActive && row.isActive && !row.locked && !row.always;
    const schedules = row.via.flatMap((v) => (v.scheduleId === null ? [] : [rules.get(v.scheduleId)!])).filter(Boolean);
    return {
      roomId: row.roomId,
      roomName: row.roomName,
      canOpenNow,
      nextChange: byClock ? nextChangeOfAny(schedules, at) : null,
      via: row.via,
    };
  });
}
