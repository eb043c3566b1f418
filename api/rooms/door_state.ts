// A room's door (spec 3 §1): unlocked, opening without a credential, while its
// unlock schedule is open; with first person in, only once someone was granted
// at one of the room's doors since the present window began. Otherwise locked.
// Lockdown (spec 3 §2) overrides both (rooms/repo.ts).
import type { Queries } from "../db/connect.ts";
import type { DoorState } from "../schedules/contract.ts";
import { scheduleRules } from "../schedules/repo.ts";
import { currentSince, isOpen, nextChange } from "../schedules/schedule_time.ts";

export const DOOR_REASONS = {
  roomInactive: "Room is deactivated",
  noSchedule: "No unlock schedule",
  outside: "Outside the unlock schedule",
  open: "Unlock schedule open",
  waiting: "Waiting for the first person in",
  firstIn: "Unlocked since the first person in",
} as const;

export type DoorRoom = { id: number; isActive: boolean; unlockScheduleId: number | null; firstPersonIn: boolean };

const locked = (reason: string, since: Date | null = null, until: Date | null = null): DoorState => ({
  state: "locked",
  since,
  until,
  reason,
});

/** The door state of each room at `now`, by room id. */
export async function doorStates(sql: Queries, rooms: DoorRoom[], now = new Date()): Promise<Map<number, DoorState>> {
  const states = new Map<number, DoorState>();
  const scheduled = rooms.filter((r) => r.isActive && r.unlockScheduleId !== null);
  const rules = await scheduleRules(sql, [...new Set(scheduled.map((r) => r.unlockScheduleId!))]);
  // Each schedule once, however many rooms share it.
  const times = new Map([...rules].map(([id, rule]) => [id, { open: isOpen(rule, now), since: currentSince(rule, now), until: nextChange(rule, now) }]));
  const waiting: { room: number; since: Date | null; until: Date | null }[] = [];
  for (const room of rooms) {
    if (!room.isActive) states.set(room.id, locked(DOOR_REASONS.roomInactive));
    else if (room.unlockScheduleId === null) states.set(room.id, locked(DOOR_REASONS.noSchedule));
    else {
      const { open, since, until } = times.get(room.unlockScheduleId)!;
      if (!open) states.set(room.id, locked(DOOR_REASONS.outside, since, until));
      else if (!room.firstPersonIn) states.set(room.id, { state: "unlocked", since, until, reason: DOOR_REASONS.open });
      else waiting.push({ room: room.id, since, until });
    }
  }
  // First person in: the first grant at the room since the window opened (open
  // for as long as the schedule reaches back: since any grant).
  if (waiting.length) {
    const firsts = await sql<{ roomId: number; at: Date | null }[]>`
      select w.room_id, (
        select l.timestamp from access_logs l
        where l.room_id = w.room_id and l.outcome = 'success' and l.timestamp >= w.since
          and l.timestamp <= ${now}
        order by l.timestamp limit 1
      ) as at
      from jsonb_to_recordset(${JSON.stringify(waiting.map((w) => ({ room_id: w.room, since: w.since ?? new Date(0) })))}::text::jsonb)
        as w (room_id int, since timestamptz)`;
    const firstAt = new Map(firsts.map((f) => [f.roomId, f.at]));
    for (const w of waiting) {
      const at = firstAt.get(w.room) ?? null;
      states.set(w.room, at ? { state: "unlocked", since: at, until: w.until, reason: DOOR_REASONS.firstIn } : locked(DOOR_REASONS.waiting, w.since, w.until));
    }
  }
  return states;
}
