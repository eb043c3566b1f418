// A room's door state (spec 3 §1): locked without an unlock schedule or outside
// it, unlocked while it is open, and with first person in only after a grant at
// one of its doors since the window began. Every room read carries it.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "../access/testing.ts";

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
