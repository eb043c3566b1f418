// Emergency lockdown (spec 3 §2): the calls and their messages, the decision rule
// (before any group or schedule rule, the override groups), the door state and the
// access list. Anonymous and member callers are refused by the authorization matrix
// (auth/access_matrix_test.ts); each start and end is audited (audit/audit_matrix_test.ts).
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "../access/testing.ts";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const allDay = Object.fromEntries(DAYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]]));

describeApp("lockdowns", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const admin = b.admin;
  const [other] = await sql<{ id: number }[]>`insert into rooms (name) values ('Library') returning id`;
  const decide = async () => (await b.device("POST", "/api/access/decisions", { body: { credential: CARD } })).json;
  const start = (body: unknown) => admin.request("POST", "/api/lockdowns", { body });
  const count = async () => (await sql`select count(*)::int as n from lockdowns`)[0].n;
  const doorState = async (roomId: number) => (await admin.request("GET", `/api/rooms/${roomId}/door-state`)).json;
  const accessList = async () => await b.device("GET", "/api/access/devices/self/access-list");

  await t.step("the spec's and our 400s, and nothing starts", async () => {
    const cases: [string, unknown, string][] = [
      ["no reason", { scope: "all" }, "Reason is required"],
      ["a blank reason", { scope: "all", reason: "   " }, "Reason is required"],
      ["a reason of 201 characters", { scope: "all", reason: "x".repeat(201) }, "Reason must be at most 200 characters"],
      ["no scope", { reason: "Fire" }, "Scope must be all or rooms"],
      ["an unknown scope", { scope: "building", reason: "Fire" }, "Scope must be all or rooms"],
      ["rooms without roomIds", { scope: "rooms", reason: "Fire" }, "Choose at least one room"],
      ["rooms with none", { scope: "rooms", roomIds: [], reason: "Fire" }, "Choose at least one room"],
      ["all naming rooms", { scope: "all", roomIds: [b.roomId], reason: "Fire" }, "A lockdown of all rooms names no rooms"],
      ["a room id as text", { scope: "rooms", roomIds: [String(b.roomId)], reason: "Fire" }, "Rooms must be a list of room ids"],
      ["a fractional room id", { scope: "rooms", roomIds: [1.5], reason: "Fire" }, "Rooms must be a list of room ids"],
      ["roomIds not a list", { scope: "rooms", roomIds: b.roomId, reason: "Fire" }, "Rooms must be a list of room ids"],
      ["an unknown room", { scope: "rooms", roomIds: [b.roomId, 999_999], reason: "Fire" }, "Room not found"],
      ["not an object", [], "Request body must be a JSON object"],
    ];
    for (const [what, body, message] of cases) {
      const res = await start(body);
      assertEquals([what, res.status, res.json.error], [what, 400, message]);
    }
    assertEquals(await count(), 0);
    assertEquals((await admin.request("GET", "/api/lockdowns?active=yes")).status, 400);
  });

  const before = await accessList();
  assertEquals([before.json.lockdown, before.json.lockdownOverrideUserIds], [false, []]);
  let roomsLockdown = 0;

  await t.step("a lockdown of selected rooms: 201 with who started it; its rooms' doors deny at once, others do not", async () => {
    assertEquals((await decide()).decision, "granted");
    const res = await start({ scope: "rooms", roomIds: [b.roomId, b.roomId], reason: "  Intruder in the lab  " });
    assertEquals(res.status, 201, res.text);
    roomsLockdown = res.json.id;
    const [admin] = await sql`select id from users where email = 'admin@example.com'`;
    assertEquals(res.json.scope, "rooms");
    assertEquals(res.json.roomIds, [b.roomId]);
    assertEquals(res.json.reason, "Intruder in the lab");
    assertEquals(res.json.startedBy, { id: admin.id, name: "Test User" });
    assertEquals([res.json.endedAt, res.json.endedBy], [null, null]);
    assert(!Number.isNaN(Date.parse(res.json.startedAt)));

    const d = await decide();
    assertEquals([d.decision, d.reason, d.message], ["denied", "lockdown", "Lockdown in effect"]);
    const [log] = await sql`select outcome, reason from access_logs where id = ${d.logId}`;
    assertEquals([log.outcome, log.reason], ["denied", "Lockdown in effect"]);
    assertEquals((await doorState(b.roomId)).state, "lockdown");
    assertEquals((await doorState(other.id)).state, "locked");
  });

  await t.step("the door state names since when and why; room reads carry it", async () => {
    const state = await doorState(b.roomId);
    assertEquals(state.reason, "Intruder in the lab");
    assertEquals(state.until, null);
    const [row] = await sql`select started_at from lockdowns where id = ${roomsLockdown}`;
    assertEquals(Date.parse(state.since), (row.startedAt as Date).getTime());
    const room = (await admin.request("GET", `/api/rooms/${b.roomId}`)).json;
    assertEquals(room.doorState.state, "lockdown");
  });

  await t.step("the door's access list says lockdown, with a new ETag", async () => {
    const list = await accessList();
    assertEquals(list.json.lockdown, true);
    assert(list.headers.get("etag") !== before.headers.get("etag"));
  });

  await t.step("lockdown comes before the group and schedule rules", async () => {
    const [shut] = await sql`insert into schedules (name, time_zone, weekly) values ('Never', 'UTC', '{}') returning id`;
    await sql`update group_rooms set schedule_id = ${shut.id} where group_id = ${b.groupId}`;
    assertEquals((await decide()).reason, "lockdown");
    await sql`delete from group_rooms where group_id = ${b.groupId}`;
    assertEquals((await decide()).reason, "lockdown");
    await sql`insert into group_rooms (group_id, room_id) values (${b.groupId}, ${b.roomId})`;
  });

  await t.step("a group with lockdown override holding the room lets its members through, whatever the schedule", async () => {
    const res = await admin.request("PUT", `/api/groups/${b.groupId}`, {
      body: { name: "Engineers", description: "Responders", lockdownOverride: true },
    });
    assertEquals(res.status, 200, res.text);
    assertEquals(res.json.lockdownOverride, true);
    // The grant's schedule is shut: it does not matter during a lockdown.
    const [shut] = await sql`select id from schedules where name = 'Never'`;
    await sql`update group_rooms set schedule_id = ${shut.id} where group_id = ${b.groupId}`;
    assertEquals((await decide()).decision, "granted");
    const list = (await accessList()).json;
    assertEquals(list.lockdownOverrideUserIds, [b.userId]);
    // An edit leaving it out keeps it; a deactivated override group lets nobody through.
    const kept = await admin.request("PUT", `/api/groups/${b.groupId}`, { body: { name: "Engineers", description: "Responders" } });
    assertEquals(kept.json.lockdownOverride, true);
    await admin.request("PATCH", `/api/groups/${b.groupId}/toggle-active`);
    assertEquals((await decide()).reason, "lockdown");
    await admin.request("PATCH", `/api/groups/${b.groupId}/toggle-active`);
    const bad = await admin.request("PUT", `/api/groups/${b.groupId}`, { body: { name: "Engineers", description: "Responders", lockdownOverride: "yes" } });
    assertEquals([bad.status, bad.json.error], [400, "lockdownOverride must be true or false"]);
    await admin.request("PUT", `/api/groups/${b.groupId}`, { body: { name: "Engineers", description: "Responders", lockdownOverride: false } });
    await sql`update group_rooms set schedule_id = null where group_id = ${b.groupId}`;
    assertEquals((await decide()).reason, "lockdown");
  });

  await t.step("lockdown suspends an open unlock schedule", async () => {
    const res = await admin.request("POST", "/api/schedules", { body: { name: "Open all day", timeZone: "UTC", weekly: allDay } });
    await sql`update rooms set unlock_schedule_id = ${res.json.id} where id in (${b.roomId}, ${other.id})`;
    assertEquals((await doorState(b.roomId)).state, "lockdown");
    assertEquals((await doorState(other.id)).state, "unlocked");
  });

  let allLockdown = 0;
  await t.step("a lockdown of all rooms covers every room; GET lists newest first, ?active filters", async () => {
    const res = await start({ scope: "all", reason: "Fire alarm" });
    assertEquals(res.status, 201, res.text);
    allLockdown = res.json.id;
    assertEquals(res.json.roomIds, []);
    assertEquals((await doorState(other.id)).state, "lockdown");
    const all = await admin.request("GET", "/api/lockdowns");
    assertEquals(all.json.map((l: { id: number }) => l.id), [allLockdown, roomsLockdown]);
    assertEquals((await admin.request("GET", "/api/lockdowns?active=true")).json.length, 2);
    assertEquals((await admin.request("GET", "/api/lockdowns?active=false")).json, []);
  });

  await t.step("ending: the lockdown with endedAt and endedBy; 409 a second time; 404 unknown", async () => {
    const res = await admin.request("POST", `/api/lockdowns/${roomsLockdown}/end`);
    assertEquals(res.status, 200, res.text);
    assert(res.json.endedAt);
    assertEquals(res.json.endedBy.name, "Test User");
    // The lab is still under the lockdown of all rooms.
    assertEquals((await decide()).reason, "lockdown");
    const again = await admin.request("POST", `/api/lockdowns/${roomsLockdown}/end`);
    assertEquals([again.status, again.json.error], [409, "This lockdown has already ended"]);
    const missing = await admin.request("POST", "/api/lockdowns/999999/end");
    assertEquals([missing.status, missing.json.error], [404, "Lockdown not found"]);
    assertEquals((await admin.request("GET", "/api/lockdowns?active=false")).json.map((l: { id: number }) => l.id), [roomsLockdown]);
  });

  await t.step("once every lockdown has ended, doors return to their schedules and the list to what it was", async () => {
    assertEquals((await admin.request("POST", `/api/lockdowns/${allLockdown}/end`)).status, 200);
    assertEquals((await decide()).decision, "granted");
    assertEquals((await doorState(b.roomId)).state, "unlocked");
    await sql`update rooms set unlock_schedule_id = null`;
    const list = await accessList();
    assertEquals(list.json.lockdown, false);
    assertEquals(list.headers.get("etag"), before.headers.get("etag"));
    assertEquals((await admin.request("GET", "/api/lockdowns?active=true")).json, []);
  });
});
