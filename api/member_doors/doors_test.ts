// A member's doors and what /app reads beside them (spec 3 §4, §2): the rooms their
// active groups hold, by name, with whether they can open now, why not and when that
// changes; the active lockdowns as a member's banner shows them; and the live channel
// telling a member's /app to read them again when groups, schedules or lockdowns change.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { events } from "../testing/sse.ts";
import { nextChangeOfAny } from "./doors.ts";
import type { ScheduleRule } from "../schedules/schedule_time.ts";

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const none = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

Deno.test("nextChangeOfAny: the union's change, not each schedule's", () => {
  const rule = (weekly: Partial<ScheduleRule["weekly"]>): ScheduleRule => ({ timeZone: "UTC", weekly: { ...none, ...weekly }, holidays: [] });
  const monday = new Date("2026-11-23T07:00:00Z"); // a Monday
  const morning = rule({ monday: [{ start: "08:00", end: "12:00" }] });
  const overlapping = rule({ monday: [{ start: "11:00", end: "17:00" }] });
  assertEquals(nextChangeOfAny([morning], monday), new Date("2026-11-23T08:00:00Z"));
  // Open at 09:00: the morning closes at 12:00, but the afternoon has opened by then.
  assertEquals(nextChangeOfAny([morning, overlapping], new Date("2026-11-23T09:00:00Z")), new Date("2026-11-23T17:00:00Z"));
  assertEquals(nextChangeOfAny([rule({})], monday), null);
});

describeApp("a member's doors", async (t, testApp) => {
  const { sql } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true, firstName: "Avery", lastName: "Adams" });
  const admin = await testApp.login("admin@example.com");
  const memberId = await addUser(sql, { email: "member@example.com" });
  const member = await testApp.login("member@example.com");
  const make = async (path: string, body: unknown) => {
    const res = await admin.request("POST", path, { body });
    assert(res.status === 201, `${path}: ${res.status} ${res.text}`);
    return res.json.id as number;
  };
  const lab = await make("/api/rooms", { name: "lab" });
  const atrium = await make("/api/rooms", { name: "Atrium" });
  const vault = await make("/api/rooms", { name: "Vault" });
  const staff = await make("/api/groups", { name: "Staff" });
  await admin.request("POST", `/api/groups/${staff}/users/${memberId}`);
  await admin.request("POST", `/api/groups/${staff}/rooms/${lab}`);
  await admin.request("POST", `/api/groups/${staff}/rooms/${atrium}`);
  const reader = await make("/api/devices", { name: "Lab Reader", type: "reader", roomId: lab });
  await admin.request("POST", `/api/devices/${reader}/api-key`);
  await make("/api/devices", { name: "Lab Camera", type: "camera", roomId: lab }); // no key: no door
  const doors = async () => (await member.request("GET", "/api/me/doors")).json;

  await t.step("the rooms the member's active groups hold, by name, with their doors", async () => {
    assertEquals(await doors(), [
      { roomId: atrium, roomName: "Atrium", doorCount: 0, canOpenNow: true, reason: null, message: null, nextChange: null },
      { roomId: lab, roomName: "lab", doorCount: 1, canOpenNow: true, reason: null, message: null, nextChange: null },
    ]);
    // Only their own: another user sees theirs (none).
    await addUser(sql, { email: "other@example.com" });
    assertEquals((await (await testApp.login("other@example.com")).request("GET", "/api/me/doors")).json, []);
  });

  await t.step("outside the grant's schedule: disabled, why, and when it opens", async () => {
    // Open only 08:00–09:00 UTC two days from now: closed now, whatever the time.
    const day = DAYS[(new Date().getUTCDay() + 2) % 7];
    const schedule = await make("/api/schedules", { name: "Mornings", timeZone: "UTC", weekly: { [day]: [{ start: "08:00", end: "09:00" }] } });
    await admin.request("PUT", `/api/groups/${staff}/rooms/${lab}`, { body: { scheduleId: schedule } });
    const opens = new Date();
    opens.setUTCDate(opens.getUTCDate() + 2);
    opens.setUTCHours(8, 0, 0, 0);
    const labDoor = (await doors()).find((d: { roomId: number }) => d.roomId === lab);
    assertEquals(labDoor, {
      roomId: lab,
      roomName: "lab",
      doorCount: 1,
      canOpenNow: false,
      reason: "outside_schedule",
      message: "Outside the allowed hours for this room",
      nextChange: opens.toISOString(),
    });
    // A second group granting the room at all times: one open grant is enough.
    const night = await make("/api/groups", { name: "Night" });
    await admin.request("POST", `/api/groups/${night}/users/${memberId}`);
    await admin.request("POST", `/api/groups/${night}/rooms/${lab}`);
    assertEquals((await doors()).find((d: { roomId: number }) => d.roomId === lab).canOpenNow, true);
    await admin.request("PATCH", `/api/groups/${night}/toggle-active`);
    assertEquals((await doors()).find((d: { roomId: number }) => d.roomId === lab).canOpenNow, false);
    await admin.request("PUT", `/api/groups/${staff}/rooms/${lab}`, { body: { scheduleId: null } });
  });

  await t.step("a member reads the active lockdowns as the banner shows them: rooms, since, by whom", async () => {
    const started = await admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [vault, lab], reason: "Gas leak" } });
    assertEquals(started.status, 201);
    const res = await member.request("GET", "/api/me/lockdowns");
    assertEquals(res.json, [{
      id: started.json.id,
      scope: "rooms",
      rooms: [{ id: lab, name: "lab" }, { id: vault, name: "Vault" }],
      startedAt: started.json.startedAt,
      startedBy: { id: started.json.startedBy.id, name: "Avery Adams" },
    }]);
    assertEquals((await doors()).find((d: { roomId: number }) => d.roomId === lab).reason, "lockdown");
    await admin.request("POST", `/api/lockdowns/${started.json.id}/end`);
    assertEquals((await member.request("GET", "/api/me/lockdowns")).json, []);
    assertEquals((await testApp.request("GET", "/api/me/lockdowns")).status, 401);
  });

  await t.step("the live channel: changed when the member's doors or a lockdown change, not otherwise", async () => {
    const res = await testApp.app.request("http://localhost:8000/api/me/stream", { headers: { cookie: member.cookie } });
    assertEquals([res.status, res.headers.get("content-type")], [200, "text/event-stream"]);
    const stream = events(res);
    const first = await stream.next();
    assert(first !== "closed");
    assertEquals([first.event, JSON.parse(first.data).etag], ["changed", first.id]);
    // A room the member has nothing to do with: nothing to tell (an event for it would
    // carry the view they have, first.id).
    await admin.request("PUT", `/api/rooms/${vault}`, { body: { name: "Strongroom" } });
    // Their group gains a room: changed.
    await admin.request("POST", `/api/groups/${staff}/rooms/${vault}`);
    const gained = await stream.next();
    assert(gained !== "closed");
    assertEquals(gained.event, "changed");
    assert(gained.id !== first.id, "the first event is the new room's");
    // A lockdown anywhere (written straight in the database, as by another process).
    const [row] = await sql`insert into lockdowns (scope, reason, started_by)
      values ('all', 'Elsewhere', '{"id": 1, "name": "Someone"}') returning id`;
    const locked = await stream.next();
    assert(locked !== "closed");
    assertEquals(locked.event, "changed");
    await sql`update lockdowns set ended_at = now(), ended_by = '{"id": 1, "name": "Someone"}' where id = ${row.id}`;
    assert((await stream.next()) !== "closed");
    await stream.cancel();

    // Reconnecting with the view it has: nothing until something changes.
    const again = events(await testApp.app.request("http://localhost:8000/api/me/stream", { headers: { cookie: member.cookie } }));
    const current = await again.next();
    assert(current !== "closed");
    await again.cancel();
    const resumed = events(await testApp.app.request("http://localhost:8000/api/me/stream", { headers: { cookie: member.cookie, "last-event-id": current.id } }));
    await admin.request("PUT", `/api/rooms/${atrium}`, { body: { name: "Atrium Hall" } });
    const renamed = await resumed.next();
    assert(renamed !== "closed");
    assert(renamed.id !== current.id, "the first event is the rename, not the view it had");
    await resumed.cancel();
  });
});
