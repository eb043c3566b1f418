// The timers of spec 4 §2 that fire without a new event: a door still open at its
// held-open deadline, and a device that had been online and is silent for
// DEVICE_OFFLINE_SECONDS; and spec 4 §1's door.changed for the parts of a door's
// entry no call announces: a device silent for a minute (the board shows it offline),
// and a room's lock moved by the clock (an unlock schedule's boundary) or by the first
// person in. Every process runs them; each pass claims what is due in
// PostgreSQL (FOR UPDATE SKIP LOCKED) and raises its alarm in the same transaction, so
// each fires exactly once however many processes run, and a process that dies
// mid-pass leaves its claim to the next (its transaction rolls back).
import type { Queries, Sql } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { passes } from "../jobs/passes.ts";
import { type AlarmDevice, applyAlarmChanges } from "../alarms/raise.ts";
import { dueHeldOpen } from "./door_rules.ts";
import { doorsChanged } from "./changed.ts";
import { onlineNow } from "./presence.ts";
import { selectRooms } from "../rooms/repo.ts";
import type { Notices } from "../notifications/notices.ts";

/** How often each timer looks: a held-open alarm comes at most this late. */
export const HELD_OPEN_EVERY_MS = 1_000;
export const OFFLINE_EVERY_MS = 5_000;
/** A room's lock moved by the clock reaches its doors' entries at most this late. */
export const LOCKS_EVERY_MS = 5_000;
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

/** Announces (door.changed) the devices the board shows offline from now on: online no longer, not yet told; how many. */
export async function announceSilent(sql: Sql): Promise<number> {
  return await sql.begin(async (tx) => {
    const silent = await tx<{ deviceId: number }[]>`
      with silent as (
        select p.device_id from device_presence p
        where p.shown_offline_at is null and not ${onlineNow(tx)}
        for update skip locked
        limit ${BATCH}
      )
      update device_presence p set shown_offline_at = now()
      from silent where p.device_id = silent.device_id
      returning p.device_id`;
    await doorsChanged(tx, silent.map((row) => row.deviceId));
    return silent.length;
  });
}

/**
 * Announces (door.changed) the doors whose room's lock as the board shows it (locked,
 * unlocked, lockdown) moved since it was last told; how many doors. A room not told
 * before (it has just gained a keyed door, or this runs for the first time) is told
 * too: its lock may have moved since the board read it. One process compares at a time.
 */
export async function announceLocks(sql: Sql): Promise<number> {
  return await sql.begin(async (tx) => {
    const [{ mine }] = await tx<{ mine: boolean }[]>`select pg_try_advisory_xact_lock(hashtextextended('door locks told', 0)) as mine`;
    if (!mine) return 0;
    const rooms = await selectRooms(tx, tx`where r.id in (select room_id from devices where is_active and api_key_hash is not null)`);
    const told = new Map((await tx<{ roomId: number; lock: string }[]>`select room_id, lock from door_locks_told`).map((r) => [r.roomId, r.lock]));
    const moved = rooms.filter((room) => told.get(room.id) !== room.doorState.state);
    if (!moved.length) return 0;
    await tx`insert into door_locks_told (room_id, lock)
      select * from unnest(${moved.map((room) => room.id)}::int[], ${moved.map((room) => room.doorState.state)}::text[])
      on conflict (room_id) do update set lock = excluded.lock`;
    const doors = await tx<{ id: number }[]>`
      select id from devices where is_active and api_key_hash is not null
        and room_id = any(${moved.map((room) => room.id)}::int[])`;
    await doorsChanged(tx, doors.map((door) => door.id));
    return doors.length;
  });
}

/**
 * Marks offline the devices silent for `offlineSeconds`, raising their alarms (at the
 * moment each became due); how many. Silent since its last contact: its last call, or
 * the last time a process renewed its open stream. A stream whose process died is
 * vouched for until stream_until, yet was last known open at that renewal: the alarm
 * waits for the vouch to lapse, and dates the silence from the renewal.
 */
export async function raiseOffline(sql: Sql, offlineSeconds: number, notices: Notices): Promise<number> {
  return await sql.begin(async (tx) => {
    const silent = await tx<(AlarmDevice & { silentSince: Date })[]>`
      with silent as (
        select p.device_id from device_presence p
        where p.offline_since is null and coalesce(p.stream_until <= now(), true)
          and p.last_seen_at < now() - make_interval(secs => ${offlineSeconds})
        for update skip locked
        limit ${BATCH}
      )
      update device_presence p set offline_since = now()
      from silent, devices d left join rooms r on r.id = d.room_id
      where p.device_id = silent.device_id and d.id = p.device_id
      returning p.device_id, p.last_seen_at as silent_since,
                d.name, d.is_active, d.room_id, r.name as room_name`;
    for (const d of silent) {
      await applyAlarmChanges(tx, d, [{ raise: "device.offline", at: d.silentSince.getTime() + offlineSeconds * 1000 }], notices);
    }
    return silent.length;
  });
}

/** Runs the timers in this process until the returned stop. */
export function startDoorWatch(
  sql: Queries,
  options: { offlineSeconds: number; log: Logger; notices: Notices },
): () => void {
  const failed = (what: string) => (error: unknown) => options.log.warn(`door watch: ${what}`, { error: String(error) });
  const heldOpen = passes(async () => void await raiseHeldOpen(sql as Sql, options.notices), failed("held-open alarms"));
  const offline = passes(async () => {
    await announceSilent(sql as Sql);
    await raiseOffline(sql as Sql, options.offlineSeconds, options.notices);
  }, failed("offline devices"));
  const locks = passes(async () => void await announceLocks(sql as Sql), failed("door locks"));
  const timers = [
    setInterval(heldOpen, HELD_OPEN_EVERY_MS),
    setInterval(offline, OFFLINE_EVERY_MS),
    setInterval(locks, LOCKS_EVERY_MS),
  ];
  return () => timers.forEach(clearInterval);
}
