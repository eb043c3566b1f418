// The timers of spec 4 §2 that fire without a new event: a door still open at its
// held-open deadline, and a device that had been online and is silent for
// DEVICE_OFFLINE_SECONDS. Every process runs them; each pass claims what is due in
// PostgreSQL (FOR UPDATE SKIP LOCKED) and raises its alarm in the same transaction, so
// each fires exactly once however many processes run, and a process that dies
// mid-pass leaves its claim to the next (its transaction rolls back).
import type { Queries, Sql } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { passes } from "../jobs/passes.ts";
import { type AlarmDevice, applyAlarmChanges } from "../alarms/raise.ts";
import { dueHeldOpen } from "./door_rules.ts";
import type { Notices } from "../notifications/notices.ts";

/** How often each timer looks: a held-open alarm comes at most this late. */
export const HELD_OPEN_EVERY_MS = 1_000;
export const OFFLINE_EVERY_MS = 5_000;
/** Claimed in one pass at most. */
const BATCH = 100;

type DueDoor = AlarmDevice & { since: Date; lastAt: Date | null; tamper: boolean; heldOpenDueAt: Date };

/** Raises the held-open alarms now due; how many. */
export async function raiseHeldOpen(sql: Sql, notices: Notices): Promise<number> {
  return await sql.begin(async (tx) => {
    const due = await tx<DueDoor[]>`
      select s.device_id, s.since, s.last_at, s.tamper, s.held_open_due_at,
             d.name, d.is_active, d.room_id, r.name as room_name
      from door_states s join devices d on d.id = s.device_id left join rooms r on r.id = d.room_id
      where s.held_open_due_at <= now() and s.position = 'open'
      for update of s skip locked
      limit ${BATCH}`;
    for (const door of due) {
      const { changes } = dueHeldOpen({
        position: "open",
        since: door.since.getTime(),
        lastAt: door.lastAt?.getTime() ?? null,
        tamper: door.tamper,
        heldOpenDueAt: door.heldOpenDueAt.getTime(),
      }, door.heldOpenDueAt.getTime());
      await tx`update door_states set held_open_due_at = null where device_id = ${door.deviceId}`;
      await applyAlarmChanges(tx, door, changes, notices);
    }
    return due.length;
  });
}

/** Marks offline the devices silent for `offlineSeconds`, raising their alarms (at the moment each became due); how many. */
export async function raiseOffline(sql: Sql, offlineSeconds: number, notices: Notices): Promise<number> {
  return await sql.begin(async (tx) => {
    const silent = await tx<(AlarmDevice & { silentSince: Date })[]>`
      with silent as (
        select p.device_id from device_presence p
        where p.offline_since is null
          and greatest(p.last_seen_at, p.stream_until) < now() - make_interval(secs => ${offlineSeconds})
        for update skip locked
        limit ${BATCH}
      )
      update device_presence p set offline_since = now()
      from silent, devices d left join rooms r on r.id = d.room_id
      where p.device_id = silent.device_id and d.id = p.device_id
      returning p.device_id, greatest(p.last_seen_at, p.stream_until) as silent_since,
                d.name, d.is_active, d.room_id, r.name as room_name`;
    for (const d of silent) {
      await applyAlarmChanges(tx, d, [{ raise: "device.offline", at: d.silentSince.getTime() + offlineSeconds * 1000 }], notices);
    }
    return silent.length;
  });
}

/** Runs both timers in this process until the returned stop. */
export function startDoorWatch(
  sql: Queries,
  options: { offlineSeconds: number; log: Logger; notices: Notices },
): () => void {
  const failed = (what: string) => (error: unknown) => options.log.warn(`door watch: ${what}`, { error: String(error) });
  const heldOpen = passes(async () => void await raiseHeldOpen(sql as Sql, options.notices), failed("held-open alarms"));
  const offline = passes(async () => void await raiseOffline(sql as Sql, options.offlineSeconds, options.notices), failed("offline devices"));
  const timers = [setInterval(heldOpen, HELD_OPEN_EVERY_MS), setInterval(offline, OFFLINE_EVERY_MS)];
  return () => timers.forEach(clearInterval);
}
