// A room's door state (spec 3 §1): locked without an unlock schedule or outside
// it, unlocked while it is open, and with first person in only after a grant at
// one of its doors since the window began. Every room read carries it.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "../access/testing.ts";
import { doorStates } from "./door_state.ts";

const ALWAYS = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, [{ start: "00:00", end: "24:00" }]]),
);

describeApp("door state", async (t, testApp) => {
  const b = await building(testApp);
  const { request } = b.admin;
  const state = async () => (await request("GET", `/api/rooms/${b.roomId}/door-state`)).json;
  const setRoom = (body: Record<string, unknown>) => request("PUT", `/api/rooms/${b.roomId}`, { body: { name: "Lab", ...body } });
  const always = (await request("POST", "/api/schedules", { body: { name: "Always", timeZone: "UTC", weekly: ALWAYS } })).json.id;
  const never = (await request("POST", "/api/schedules", { body: { name: "Never", timeZone: "UTC", weekly: {} } })).json.id;
  // Two hours on (UTC): never reached while the test runs.
  const hour = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(11, 13);
  const later = (await request("POST", "/api/schedules", {
    body: { name: "Later", timeZone: "UTC", weekly: Object.fromEntries(Object.keys(ALWAYS).map((d) => [d, [{ start: `${hour}:00`, end: "24:00" }]])) },
  })).json.id;

  await t.step("without an unlock schedule the door is locked", async () => {
    assertEquals(await state(), { state: "locked", since: null, until: null, reason: "No unlock schedule" });
    const room = (await request("GET", `/api/rooms/${b.roomId}`)).json;
    assertEquals([room.unlockScheduleId, room.firstPersonIn, room.doorState.state], [null, false, "locked"]);
  });

  await t.step("an open unlock schedule unlocks it; every room read says so", async () => {
    const res = await setRoom({ unlockScheduleId: always });
    assertEquals([res.status, res.json.unlockScheduleId, res.json.doorState.state], [200, always, "unlocked"]);
    assertEquals(await state(), { state: "unlocked", since: null, until: null, reason: "Unlock schedule open" });
    const listed = (await request("GET", "/api/rooms")).json.find((r: { id: number }) => r.id === b.roomId);
    assertEquals(listed.doorState.state, "unlocked");
    assertEquals((await request("GET", `/api/groups/${b.groupId}/rooms`)).json[0].doorState.state, "unlocked");
  });

  await t.step("a closed one keeps it locked, with its next opening as until", async () => {
    await setRoom({ unlockScheduleId: never });
    assertEquals(await state(), { state: "locked", since: null, until: null, reason: "Outside the unlock schedule" });
    if (hour < "02") return; // the window would start tomorrow: until is checked the rest of the day
    await setRoom({ unlockScheduleId: later });
    const s = await state();
    assertEquals([s.state, s.reason, s.until], ["locked", "Outside the unlock schedule", new Date(`${new Date().toISOString().slice(0, 10)}T${hour}:00:00Z`).toISOString()]);
  });

  await t.step("first person in: locked until someone is granted at one of its doors", async () => {
    const res = await setRoom({ unlockScheduleId: always, firstPersonIn: true });
    assertEquals(res.json.firstPersonIn, true);
    assertEquals((await state()).reason, "Waiting for the first person in");
    // A denial does not count; a grant does.
    await b.device("POST", "/api/access/decisions", { body: { credential: { ...CARD, cardCode: "nobody" } } });
    assertEquals((await state()).state, "locked");
    const granted = (await b.device("POST", "/api/access/decisions", { body: { credential: CARD } })).json;
    assertEquals(granted.decision, "granted");
    const [log] = await testApp.sql`select timestamp from access_logs where id = ${granted.logId}`;
    assertEquals(await state(), { state: "unlocked", since: log.timestamp.toISOString(), until: null, reason: "Unlocked since the first person in" });
  });

  await t.step("first person in on a fixed clock: only a grant since the window began unlocks", async () => {
    // 09:00-17:00 UTC every day; now is Wednesday 25 November 2026, 12:00 UTC.
    const office = (await request("POST", "/api/schedules", {
      body: { name: "Office", timeZone: "UTC", weekly: Object.fromEntries(Object.keys(ALWAYS).map((d) => [d, [{ start: "09:00", end: "17:00" }]])) },
    })).json.id;
    const now = new Date("2026-11-25T12:00:00Z");
    const opened = "2026-11-25T09:00:00.000Z";
    const closes = "2026-11-25T17:00:00.000Z";
    const [other] = await testApp.sql<{ id: number }[]>`insert into rooms (name) values ('Store') returning id`;
    const room = { id: b.roomId, isActive: true, unlockScheduleId: office, firstPersonIn: true };
    const door = async () => {
      const s = (await doorStates(testApp.sql, [room], now)).get(b.roomId)!;
      return { ...s, since: s.since?.toISOString() ?? null, until: s.until?.toISOString() ?? null };
    };
    const log = (roomId: number, at: string, outcome = "success") =>
      testApp.sql`insert into access_logs (room_id, action, outcome, timestamp) values (${roomId}, 'access', ${outcome}, ${at})`;
    await testApp.sql`delete from access_logs where room_id = ${b.roomId}`;
    // Without first person in: unlocked since the window began, until it ends.
    assertEquals((await doorStates(testApp.sql, [{ ...room, firstPersonIn: false }], now)).get(b.roomId), {
      state: "unlocked",
      since: new Date(opened),
      until: new Date(closes),
      reason: "Unlock schedule open",
    });
    // Grants before the window opened (yesterday's, and this morning's at 08:59),
    // a denial in the window, a grant at another room and one after now do not count.
    await log(b.roomId, "2026-11-24T10:00:00Z");
    await log(b.roomId, "2026-11-25T08:59:59.999Z");
    await log(b.roomId, "2026-11-25T10:00:00Z", "denied");
    await log(other.id, "2026-11-25T10:00:00Z");
    await log(b.roomId, "2026-11-25T12:00:00.001Z");
    assertEquals(await door(), { state: "locked", since: opened, until: closes, reason: "Waiting for the first person in" });
    // A grant at the window's first instant does; the door is unlocked since that grant.
    await log(b.roomId, opened);
    assertEquals(await door(), { state: "unlocked", since: opened, until: closes, reason: "Unlocked since the first person in" });
    await log(b.roomId, "2026-11-25T09:30:00Z");
    assertEquals((await door()).since, opened, "the first grant in the window, not a later one");
    await testApp.sql`delete from access_logs where room_id = ${b.roomId} and timestamp = ${opened}`;
    assertEquals(await door(), { state: "unlocked", since: "2026-11-25T09:30:00.000Z", until: closes, reason: "Unlocked since the first person in" });
    // Outside the window the door is locked whatever was granted in it.
    const evening = (await doorStates(testApp.sql, [room], new Date("2026-11-25T18:00:00Z"))).get(b.roomId)!;
    assertEquals([evening.state, evening.reason, evening.since, evening.until], [
      "locked",
      "Outside the unlock schedule",
      new Date(closes),
      new Date("2026-11-26T09:00:00Z"),
    ]);
    // Rooms sharing the schedule each get their own first person in.
    const both = await doorStates(testApp.sql, [room, { ...room, id: other.id }], now);
    assertEquals([both.get(b.roomId)!.state, both.get(other.id)!.state], ["unlocked", "unlocked"]);
    await testApp.sql`delete from access_logs where room_id = ${other.id}`;
    assertEquals((await doorStates(testApp.sql, [room, { ...room, id: other.id }], now)).get(other.id)!.reason, "Waiting for the first person in");
    await testApp.sql`delete from rooms where id = ${other.id}`;
  });

  await t.step("a deactivated room's door is locked whatever its schedule", async () => {
    await request("PATCH", `/api/rooms/${b.roomId}/toggle-active`);
    assertEquals(await state(), { state: "locked", since: null, until: null, reason: "Room is deactivated" });
    await request("PATCH", `/api/rooms/${b.roomId}/toggle-active`);
  });

  await t.step("PUT keeps the door settings it is not given; unknown schedule 400; bad values 400; 404", async () => {
    const kept = await request("PUT", `/api/rooms/${b.roomId}`, { body: { name: "Lab", capacity: 9 } });
    assertEquals([kept.json.unlockScheduleId, kept.json.firstPersonIn], [always, true]);
    const unknown = await setRoom({ unlockScheduleId: 999999 });
    assertEquals([unknown.status, unknown.json.error], [400, "Schedule not found"]);
    for (const body of [{ unlockScheduleId: "x" }, { firstPersonIn: "yes" }]) {
      assertEquals((await setRoom(body)).status, 400, JSON.stringify(body));
    }
    const cleared = await setRoom({ unlockScheduleId: null, firstPersonIn: false });
    assertEquals([cleared.json.unlockScheduleId, cleared.json.firstPersonIn, cleared.json.doorState.state], [null, false, "locked"]);
    const missing = await request("GET", "/api/rooms/999999/door-state");
    assertEquals([missing.status, missing.json.error], [404, "Room not found"]);
  });
});
