// POST /api/access/devices/self/door-events (spec 4 §1): a controller's door inputs,
// stored once each (by eventId), judged by their own time (door_rules.ts) against the
// door's state, which is locked meanwhile (one upload of a door at a time, whichever
// process takes it), and the alarms that follow, all in one transaction.
import type { Queries } from "../db/connect.ts";
import { type AlarmDevice, applyAlarmChanges } from "../alarms/raise.ts";
import { doorsChanged } from "./changed.ts";
import { type DoorEvent, type DoorState, judge } from "./door_rules.ts";
import type { DoorEventInput } from "./schemas.ts";
import type { Notices } from "../notifications/notices.ts";

type StateRow = {
  position: DoorState["position"];
  since: Date | null;
  lastAt: Date | null;
  tamper: boolean;
  heldOpenDueAt: Date | null;
};

const ms = (date: Date | null) => (date === null ? null : date.getTime());
const date = (time: number | null) => (time === null ? null : new Date(time));

export async function recordDoorEvents(
  tx: Queries,
  deviceId: number,
  events: DoorEventInput[],
  notices: Notices,
): Promise<{ accepted: number; duplicates: number }> {
  if (!events.length) return { accepted: 0, duplicates: 0 };
  const rows = events.map((e) => ({ event_id: e.eventId, at: e.at.toISOString(), type: e.type, released: e.released ?? null }));
  const fresh = await tx<{ eventId: string; at: Date; type: DoorEvent["type"]; released: boolean | null }[]>`
    insert into door_events (event_id, device_id, at, type, released)
    select e.event_id, ${deviceId}, e.at, e.type, e.released
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb)
      as e(event_id uuid, at timestamptz, type text, released boolean)
    on conflict (event_id) do nothing
    returning event_id, at, type, released`;
  if (fresh.length) {
    await tx`insert into door_states (device_id, position) values (${deviceId}, 'unknown') on conflict do nothing`;
    const [door] = await tx<(StateRow & AlarmDevice & { heldOpenSeconds: number | null })[]>`
      select s.device_id, s.position, s.since, s.last_at, s.tamper, s.held_open_due_at,
             d.name, d.is_active, d.room_id, r.name as room_name, r.held_open_seconds
      from door_states s join devices d on d.id = s.device_id left join rooms r on r.id = d.room_id
      where s.device_id = ${deviceId}
      for update of s`;
    const judged = judge(
      { position: door.position, since: ms(door.since), lastAt: ms(door.lastAt), tamper: door.tamper, heldOpenDueAt: ms(door.heldOpenDueAt) },
      fresh.map((e) => ({ eventId: e.eventId, at: e.at.getTime(), type: e.type, ...(e.released === null ? {} : { released: e.released }) })),
      (door.heldOpenSeconds ?? 60) * 1000,
    );
    const s = judged.state;
    await tx`
      update door_states set position = ${s.position}, since = ${date(s.since)}, last_at = ${date(s.lastAt)},
        tamper = ${s.tamper}, held_open_due_at = ${date(s.heldOpenDueAt)}
      where device_id = ${deviceId}`;
    await applyAlarmChanges(tx, door, judged.changes, notices);
    if (s.position !== door.position || s.since !== ms(door.since)) await doorsChanged(tx, [deviceId]);
  }
  return { accepted: fresh.length, duplicates: events.length - fresh.length };
}
