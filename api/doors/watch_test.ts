// Connection (presence.ts) and the timers that fire without an event (watch.ts): a
// device heard is online, silent past DEVICE_OFFLINE_SECONDS it raises one offline
// alarm however many claim it at once, heard again it resolves; a door still open at
// its held-open deadline raises its alarm once. Clocks are moved by setting the rows'
// times back, not by waiting.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD, deviceClient } from "../access/testing.ts";
import type { Sql } from "../db/connect.ts";
import { noticesOf } from "../notifications/notices.ts";
import { announceLocks, announceSilent, raiseHeldOpen, raiseOffline } from "./watch.ts";
import { DAYS } from "../schedules/schedule_time.ts";

describeApp("door watch", async (t, testApp) => {
  const sql = testApp.sql as Sql;
  const notices = noticesOf(testApp.config);
  const b = await building(testApp);
  const presence = async (deviceId: number) =>
    (await sql`select last_seen_at, stream_until, offline_since, list_etag, list_fetched_at
               from device_presence where device_id = ${deviceId}`)[0];
  const alarmsOf = async (deviceId: number, type: string) =>
    [...await sql<{ startedAt: Date; resolvedAt: Date | null; resolvedBy: { type: string } | null }[]>`
      select started_at, resolved_at, resolved_by from alarms where device_id = ${deviceId} and type = ${type} order by id`];
  /** Waits for the contact a call records after its answer (never waited for by the call). */
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  };

  await t.step("a device that never called is nowhere; a call records its contact", async () => {
    assertEquals(await presence(b.deviceId), undefined);
    await b.device("POST", "/api/access/decisions", { body: { credential: { type: "EM41", cardCode: "x" } } });
    await until(async () => !!(await presence(b.deviceId)));
    const row = await presence(b.deviceId);
    assert(row.lastSeenAt && Date.now() - row.lastSeenAt.getTime() < 5_000, "seen now");
    assertEquals(row.offlineSince, null);
  });

  await t.step("a list fetch records which list it holds", async () => {
    const res = await b.device("GET", "/api/access/devices/self/access-list");
    await until(async () => (await presence(b.deviceId)).listEtag !== null);
    assertEquals((await presence(b.deviceId)).listEtag, res.headers.get("etag"));
  });

  const toldOfDoor = async () =>
    (await sql`select count(*)::int as n from events where type = 'door.changed' and subject_id = ${b.deviceId}`)[0].n as number;
  const shownOnBoard = async () =>
    (await b.admin.request("GET", "/api/doors")).json.find((d: { deviceId: number }) => d.deviceId === b.deviceId).connection.state;

  await t.step("silent a minute: the board is told once (door.changed) that it is offline, before any alarm", async () => {
    assertEquals(await announceSilent(sql), 0, "online: nothing to tell");
    // Its stream open on some process: online, however long since its last call.
    await sql`update device_presence set last_seen_at = now() - interval '61 seconds', stream_until = now() + interval '30 seconds'
              where device_id = ${b.deviceId}`;
    assertEquals(await announceSilent(sql), 0, "a stream open");
    await sql`update device_presence set stream_until = now() - interval '61 seconds' where device_id = ${b.deviceId}`;
    const told = await toldOfDoor();
    const claimed = await Promise.all([announceSilent(sql), announceSilent(sql)]);
    assertEquals(claimed.reduce((a, n) => a + n, 0), 1);
    assertEquals(await announceSilent(sql), 0, "not again");
    assertEquals([await toldOfDoor(), await shownOnBoard()], [told + 1, "offline"]);
    assertEquals(await raiseOffline(sql, 90, notices), 0, "no alarm before 90 s");
  });

  await t.step("silent past DEVICE_OFFLINE_SECONDS: one offline alarm, at the moment it became due, however many look at once", async () => {
    await sql`update device_presence set last_seen_at = now() - interval '200 seconds', stream_until = null
              where device_id = ${b.deviceId}`;
    const [{ silentSince }] = await sql`select last_seen_at as silent_since from device_presence where device_id = ${b.deviceId}`;
    // Two "processes" at once: the row is claimed by one.
    const claimed = await Promise.all([raiseOffline(sql, 90, notices), raiseOffline(sql, 90, notices)]);
    assertEquals(claimed.reduce((a, n) => a + n, 0), 1);
    assertEquals(await raiseOffline(sql, 90, notices), 0, "not again");
    const [alarm] = await alarmsOf(b.deviceId, "device.offline");
    assertEquals(alarm.startedAt.getTime(), silentSince.getTime() + 90_000);
    assert((await presence(b.deviceId)).offlineSince);
  });

  await t.step("heard again, it is online and its offline alarm resolves itself", async () => {
    // A key of its own for a door this test process has not heard from (the contact of a
    // key is written at most every 10 s per process).
    const keyed = await b.admin.request("POST", `/api/devices/${b.deviceId}/api-key`);
    const door = deviceClient(testApp, keyed.json.apiKey);
    await door("POST", "/api/access/decisions", { body: { credential: { type: "EM41", cardCode: "x" } } });
    // Its contact, then the alarm's resolution, are written after the call's answer.
    await until(async () => !!(await alarmsOf(b.deviceId, "device.offline"))[0].resolvedAt);
    assertEquals((await presence(b.deviceId)).offlineSince, null);
    assertEquals(await shownOnBoard(), "online");
    const [alarm] = await alarmsOf(b.deviceId, "device.offline");
    assert(alarm.resolvedAt, "resolved");
    assertEquals(alarm.resolvedBy?.type, "system");
    // Its next silent minute is told again, and so is its return before any alarm.
    await sql`update device_presence set last_seen_at = now() - interval '61 seconds', stream_until = null where device_id = ${b.deviceId}`;
    assertEquals(await announceSilent(sql), 1);
    const told = await toldOfDoor();
    const rekeyed = await b.admin.request("POST", `/api/devices/${b.deviceId}/api-key`);
    await deviceClient(testApp, rekeyed.json.apiKey)("POST", "/api/access/decisions", { body: { credential: { type: "EM41", cardCode: "x" } } });
    await until(async () => (await toldOfDoor()) > told);
    assertEquals([await toldOfDoor(), await shownOnBoard()], [told + 1, "online"]);
  });

  await t.step("a door never heard from is never offline", async () => {
    const [quiet] = await sql<{ id: number }[]>`
      insert into devices (name, device_id, type, room_id) values ('Quiet', 'QUIET-1', 'reader', ${b.roomId}) returning id`;
    assertEquals(await raiseOffline(sql, 90, notices), 0);
    assertEquals(await alarmsOf(quiet.id, "device.offline"), []);
  });

  await t.step("a room's lock moved by the first person in or a lockdown: its doors' entries are told once", async () => {
    const lockOnBoard = async () =>
      (await b.admin.request("GET", "/api/doors")).json.find((d: { deviceId: number }) => d.deviceId === b.deviceId).lock;
    const always = (await b.admin.request("POST", "/api/schedules", {
      body: { name: "Always", timeZone: "UTC", weekly: Object.fromEntries(DAYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]])) },
    })).json.id;
    const set = await b.admin.request("PUT", `/api/rooms/${b.roomId}`, { body: { name: "Lab", unlockScheduleId: always, firstPersonIn: true } });
    assertEquals(set.json.doorState.state, "locked");
    // Never told before: told now, as it is.
    assertEquals([await announceLocks(sql), await announceLocks(sql)], [1, 0]);
    const told = await toldOfDoor();
    // The first person in unlocks it: no call announces that.
    const door = deviceClient(testApp, (await b.admin.request("POST", `/api/devices/${b.deviceId}/api-key`)).json.apiKey);
    const granted = await door("POST", "/api/access/decisions", { body: { credential: CARD } });
    assertEquals(granted.json.decision, "granted");
    const [first, second] = await Promise.all([announceLocks(sql), announceLocks(sql)]);
    assertEquals([first + second, await announceLocks(sql), await toldOfDoor(), await lockOnBoard()], [1, 0, told + 1, "unlocked"]);
    const lockdown = await b.admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [b.roomId], reason: "Drill" } });
    assertEquals(lockdown.status, 201, lockdown.text);
    assertEquals([await announceLocks(sql), await toldOfDoor(), await lockOnBoard()], [1, told + 2, "lockdown"]);
    await b.admin.request("POST", `/api/lockdowns/${lockdown.json.id}/end`);
    assertEquals([await announceLocks(sql), await toldOfDoor(), await lockOnBoard()], [1, told + 3, "unlocked"]);
  });

  await t.step("a door still open at its deadline: one held-open alarm, at the deadline; none once it shut", async () => {
    const keyed = await b.admin.request("POST", `/api/devices/${b.deviceId}/api-key`);
    const door = deviceClient(testApp, keyed.json.apiKey);
    const upload = (type: string, released?: boolean) =>
      door("POST", "/api/access/devices/self/door-events", {
        body: [{ eventId: crypto.randomUUID(), at: new Date().toISOString(), type, ...(released === undefined ? {} : { released }) }],
      });
    await upload("door.opened", true);
    assertEquals(await raiseHeldOpen(sql, notices), 0, "not yet");
    await sql`update door_states set held_open_due_at = now() - interval '1 second' where device_id = ${b.deviceId}`;
    const [{ due }] = await sql`select held_open_due_at as due from door_states where device_id = ${b.deviceId}`;
    const claimed = await Promise.all([raiseHeldOpen(sql, notices), raiseHeldOpen(sql, notices)]);
    assertEquals(claimed.reduce((a, n) => a + n, 0), 1);
    const [alarm] = await alarmsOf(b.deviceId, "door.held_open");
    assertEquals([alarm.startedAt.getTime(), alarm.resolvedAt], [due.getTime(), null]);
    await upload("door.closed");
    const [closed] = await alarmsOf(b.deviceId, "door.held_open");
    assert(closed.resolvedAt, "resolved when the door shut");
    assertEquals(await raiseHeldOpen(sql, notices), 0);
  });

  await t.step("a stream whose process died: silent since that process last renewed it, once its vouch lapsed", async () => {
    // A door of its own (no call of another step's can touch its row): its stream last
    // renewed 100 s ago, vouched for until a second from now.
    const [door] = await sql<{ id: number }[]>`
      insert into devices (name, device_id, type, room_id, api_key_hash) values ('Far', 'FAR-1', 'reader', ${b.roomId}, 'far')
      returning id`;
    await sql`insert into device_presence (device_id, last_seen_at, stream_until)
              values (${door.id}, now() - interval '100 seconds', now() + interval '1 second')`;
    assertEquals(await raiseOffline(sql, 90, notices), 0, "vouched for: online");
    // Its process gone, the vouch lapsed 55 s ago.
    await sql`update device_presence set stream_until = now() - interval '55 seconds' where device_id = ${door.id}`;
    const [{ renewed }] = await sql`select last_seen_at as renewed from device_presence where device_id = ${door.id}`;
    assertEquals(await raiseOffline(sql, 90, notices), 1);
    const [alarm] = await alarmsOf(door.id, "device.offline");
    assertEquals(alarm.startedAt.getTime(), renewed.getTime() + 90_000);
    const entry = (await b.admin.request("GET", "/api/doors")).json.find((d: { deviceId: number }) => d.deviceId === door.id);
    assertEquals([entry.connection.state, entry.connection.lastSeenAt], ["offline", renewed.toISOString()]);
  });
});
