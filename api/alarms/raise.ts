// Turns what the door rules (doors/door_rules.ts) and the offline timer say into alarm
// rows, in the caller's transaction: raised at most once per device and type while
// unresolved (the unique index of migration 023 decides, whichever process asks), and
// cleared when the cause ends; held-open and offline alarms then resolve themselves,
// forced-open and tamper alarms wait for an admin. Each row's change writes its event
// (alarm.raised, alarm.resolved) for the webhooks and live streams (migration 023); a
// raised one also writes its push messages and e-mail (notifications/alarm_notices.ts).
import type { Queries } from "../db/connect.ts";
import { type AlarmChange, type AlarmType, SEVERITY } from "../doors/door_rules.ts";
import { queueAlarmNotices, type RaisedAlarm } from "../notifications/alarm_notices.ts";
import type { Notices } from "../notifications/notices.ts";

/** Alarms that end by themselves when their cause does. */
const SELF_RESOLVING = new Set<AlarmType>(["door.held_open", "device.offline"]);

/** Who resolved an alarm that resolved itself. */
export const SYSTEM = { type: "system", id: null, name: "Threshold" } as const;

/** The device an alarm is of, as its callers read it with its room (named so in the alarm). */
export type AlarmDevice = { deviceId: number; name: string; roomId: number | null; roomName: string | null; isActive: boolean };

/** Applies the changes, in order; a deactivated device raises nothing. */
export async function applyAlarmChanges(
  sql: Queries,
  device: AlarmDevice,
  changes: AlarmChange[],
  notices: Notices,
) {
  for (const change of changes) {
    if ("raise" in change) {
      if (!device.isActive) continue;
      const [raised] = await sql<RaisedAlarm[]>`
        insert into alarms (type, severity, device_id, device_name, room_id, room_name, started_at)
        values (${change.raise}, ${SEVERITY[change.raise]}, ${device.deviceId}, ${device.name},
                ${device.roomId}, ${device.roomName}, ${new Date(change.at)})
        on conflict (device_id, type) where resolved_at is null do nothing
        returning id, type, severity, device_name, room_name, started_at`;
      if (raised) await queueAlarmNotices(sql, raised, notices);
    } else {
      await clearAlarm(sql, device.deviceId, change);
    }
  }
}

/** The cause of a device's alarm of this type ended: cleared, and resolved if it resolves itself. */
export async function clearAlarm(sql: Queries, deviceId: number, change: { clear: AlarmType; at: number }) {
  const at = new Date(change.at);
  const resolves = SELF_RESOLVING.has(change.clear);
  await sql`
    update alarms set cleared_at = ${at},
      resolved_at = ${resolves ? at : null}, resolved_by = ${resolves ? sql.json(SYSTEM) : null}
    where device_id = ${deviceId} and type = ${change.clear} and resolved_at is null
      and cleared_at is null and started_at <= ${at}`;
}
