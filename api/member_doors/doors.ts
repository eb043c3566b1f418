// GET /api/me/doors (spec 3 §4): the rooms a user's active groups hold, each with
// whether the user can open it now, decided by the rules of the decisions' statement
// (access/decisions.ts) in its order, from the same facts: the room active, a
// lockdown covering it (unless a group with lockdown override holds it), one grant
// open now (schedule_open, as the statement asks). A test holds each reason here to
// the unlock's own decision (doors_test.ts). Read for many users at once: the
// members' live channel (member_streams.ts) reads every connected member's in one go.
import type { Queries } from "../db/connect.ts";
import { REASONS } from "../access/schemas.ts";
import { coveredByLockdown } from "../lockdowns/repo.ts";
import { scheduleRules } from "../schedules/repo.ts";
import { isOpen, nextChange, type ScheduleRule } from "../schedules/schedule_time.ts";
import type { MemberDoor } from "./contract.ts";

type Facts = {
  userId: number;
  roomId: number;
  roomName: string;
  isActive: boolean;
  doorCount: number;
  lockedDown: boolean;
  override: boolean;
  /** A grant with no schedule: at all times. */
  always: boolean;
  openGrant: boolean;
  scheduleIds: number[];
};

/** Each user's doors, by user id (a user without any: an empty list). */
export async function memberDoors(sql: Queries, userIds: number[], at = new Date()): Promise<Map<number, MemberDoor[]>> {
  const facts = userIds.length
    ? await sql<Facts[]>`
      select ug.user_id, r.id as room_id, r.name as room_name, r.is_active,
        (select count(*)::int from devices d
         where d.room_id = r.id and d.is_active and d.api_key_hash is not null) as door_count,
        ${coveredByLockdown(sql, sql`r.id`)} as locked_down,
        bool_or(g.lockdown_override) as override,
        bool_or(gr.schedule_id is null) as always,
        bool_or(gr.schedule_id is not null and schedule_open(gr.schedule_id, ${at})) as open_grant,
        coalesce(array_agg(distinct gr.schedule_id) filter (where gr.schedule_id is not null), '{}') as schedule_ids
      from user_groups ug
      join groups g on g.id = ug.group_id and g.is_active
      join group_rooms gr on gr.group_id = g.id
      join rooms r on r.id = gr.room_id
      where ug.user_id = any(${userIds}::int[])
      group by ug.user_id, r.id
      order by ug.user_id, lower(r.name), r.id`
    : [];
  const rules = await scheduleRules(sql, [...new Set(facts.flatMap((f) => f.scheduleIds))]);
  const doors = new Map<number, MemberDoor[]>(userIds.map((id) => [id, []]));
  for (const f of facts) doors.get(f.userId)!.push(door(f, rules, at));
  return doors;
}

function door(f: Facts, rules: Map<number, ScheduleRule>, at: Date): MemberDoor {
  const reason = !f.isActive
    ? "room_inactive"
    : f.lockedDown
    ? (f.override ? null : "lockdown")
    : f.always || f.openGrant
    ? null
    : "outside_schedule";
  // Only the schedules can change it by themselves, and only while they decide it.
  const byClock = f.isActive && !f.lockedDown && !f.always;
  return {
    roomId: f.roomId,
    roomName: f.roomName,
    doorCount: f.doorCount,
    canOpenNow: reason === null,
    reason,
    message: reason && REASONS[reason],
    nextChange: byClock ? nextChangeOfAny(f.scheduleIds.map((id) => rules.get(id)!).filter(Boolean), at) : null,
  };
}

/**
 * When "some of these schedules is open" next changes after `at`: the first of their
 * own changes at which it does (one closing while another stays open changes nothing).
 */
export function nextChangeOfAny(rules: ScheduleRule[], at: Date): Date | null {
  const openAt = (t: number) => rules.some((rule) => isOpen(rule, t));
  const now = openAt(at.getTime());
  let t = at.getTime();
  // Each step passes at least one schedule's change; a week of windows has at most 42 each.
  for (let step = 0; step < 100 * rules.length; step++) {
    const changes = rules.map((rule) => nextChange(rule, t)).filter((d): d is Date => d !== null);
    if (!changes.length) return null;
    t = Math.min(...changes.map((d) => d.getTime()));
    if (openAt(t) !== now) return new Date(t);
  }
  return null;
}
