// POST /api/access/devices/self/door-events (spec 4 §1, §2): a door's inputs stored
// once each, its position, and the alarms they raise and clear, judged by their time.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, deviceClient } from "../access/testing.ts";
import { MAX_EVENTS } from "../access/schemas.ts";

const PATH = "/api/access/devices/self/door-events";

describeApp("door events", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const upload = (body: unknown) => b.device("POST", PATH, { body });
  /** Another door of the room, with a state of its own. */
  const newDoor = async (name: string) => {
    const made = await b.admin.request("POST", "/api/devices", { body: { name, type: "reader", roomId: b.roomId } });
    const keyed = await b.admin.request("POST", `/api/devices/${made.json.id}/api-key`);
    const client = deviceClient(testApp, keyed.json.apiKey);
    return { id: made.json.id as number, upload: (body: unknown) => client("POST", PATH, { body }) };
  };
  const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();
  const ev = (secondsAgo_: number, type: string, released?: boolean) => ({
    eventId: crypto.randomUUID(),
    at: secondsAgo(secondsAgo_),
    type,
    ...(released === undefined ? {} : { released }),
  });
  const state = async () =>
    (await sql`select position, tamper, held_open_due_at from door_states where device_id = ${b.deviceId}`)[0];
  const alarms = async (deviceId = b.deviceId) =>
    [...await sql<{ id: number; type: string; severity: string; clearedAt: Date | null; resolvedAt: Date | null; resolvedBy: unknown; startedAt: Date }[]>`
      select id, type, severity, cleared_at, resolved_at, resolved_by, started_at from alarms
      where device_id = ${deviceId} order by id`];
  const eventTypes = async (alarmId: number) =>
    (await sql<{ type: string }[]>`select type from events where type like 'alarm.%' and subject_id = ${alarmId} order by id`)
      .map((e) => e.type);

  await t.step("a released opening and its closing: the position follows, no alarm", async () => {
    assertEquals((await upload([ev(10, "door.opened", true)])).json, { accepted: 1, duplicates: 0 });
    assertEquals((await state()).position, "open");
    assertEquals((await upload([ev(5, "door.closed")])).json, { accepted: 1, duplicates: 0 });
    assertEquals((await state()).position, "closed");
    assertEquals(await alarms(), []);
  });

  await t.step("a forced opening raises one critical alarm, however often it is reported; closing clears it, an admin must resolve it", async () => {
    const forced = ev(4, "door.opened", false);
    assertEquals((await upload([forced])).json, { accepted: 1, duplicates: 0 });
    assertEquals((await upload([forced])).json, { accepted: 0, duplicates: 1 }, "an upload repeated is stored once");
    const [alarm] = await alarms();
    assertEquals([alarm.type, alarm.severity, alarm.clearedAt, alarm.resolvedAt], ["door.forced_open", "critical", null, null]);
    assertEquals(alarm.startedAt.toISOString(), forced.at, "judged by its own time");
    // Shut and forced again while the first is unresolved: nothing new.
    await upload([ev(3, "door.closed"), ev(2, "door.opened", false), ev(1, "door.closed")]);
    const after = await alarms();
    assertEquals(after.length, 1);
    assert(after[0].clearedAt, "cleared when the door shut");
    assertEquals(after[0].resolvedAt, null, "a forced opening waits for an admin");
    assertEquals(await eventTypes(alarm.id), ["alarm.raised"]);
    await sql`update alarms set resolved_at = now(), resolved_by = '{"type":"user","id":1,"name":"A"}' where id = ${alarm.id}`;
  });

  await t.step("held open, uploaded after the door shut: raised at its deadline and resolved by itself", async () => {
    const door = await newDoor("Back Door");
    const opened = ev(200, "door.opened", true);
    await door.upload([opened, ev(100, "door.closed")]);
    const [held] = await alarms(door.id);
    assertEquals(held.type, "door.held_open");
    assertEquals(held.startedAt.getTime(), Date.parse(opened.at) + 60_000, "at the opening plus 60 s");
    assert(held.clearedAt && held.resolvedAt, "over before it arrived");
    assertEquals(held.resolvedBy, { type: "system", id: null, name: "Threshold" });
    assertEquals(await eventTypes(held.id), ["alarm.raised", "alarm.resolved"]);
  });

  await t.step("tamper on raises a critical alarm; off clears it", async () => {
    const door = await newDoor("Side Door");
    await door.upload([ev(20, "tamper.on")]);
    await door.upload([ev(10, "tamper.off")]);
    const [tamper] = await alarms(door.id);
    assertEquals([tamper.type, tamper.severity], ["device.tamper", "critical"]);
    assert(tamper.clearedAt);
    assertEquals(tamper.resolvedAt, null);
  });

  await t.step("an event older than what the door said since moves nothing back", async () => {
    const door = await newDoor("Cellar Door");
    await door.upload([ev(10, "door.closed")]);
    await door.upload([ev(30, "door.opened", true)]);
    const [row] = await sql`select position from door_states where device_id = ${door.id}`;
    assertEquals(row.position, "closed");
  });

  await t.step("a deactivated device's events are stored but raise nothing", async () => {
    const before = (await alarms()).length;
    await sql`update devices set is_active = false where id = ${b.deviceId}`;
    assertEquals((await upload([ev(1, "door.opened", false)])).json, { accepted: 1, duplicates: 0 });
    assertEquals((await alarms()).length, before);
    await sql`update devices set is_active = true where id = ${b.deviceId}`;
  });

  await t.step("bad input: 400, nothing stored", async () => {
    const count = async () => (await sql`select count(*)::int as n from door_events`)[0].n;
    const before = await count();
    const cases: [unknown, RegExp][] = [
      [{}, /must be a list of events/],
      [[ev(1, "door.slammed")], /0\.type: must be one of door\.opened, door\.closed/],
      [[ev(1, "door.opened")], /0\.released: is required on door\.opened/],
      [[{ ...ev(1, "door.opened", true), released: "yes" }], /released: must be true or false/],
      [[{ ...ev(1, "door.closed"), eventId: "nope" }], /eventId: must be a UUID/],
      [[{ ...ev(1, "door.closed"), at: "2026-13-01T00:00:00Z" }], /at: must be an ISO date-time/],
      [[{ ...ev(1, "door.closed"), at: new Date(Date.now() + 3_600_000).toISOString() }], /at: is in the future/],
      [Array.from({ length: MAX_EVENTS + 1 }, () => ev(1, "door.closed")), /at most 200 events/],
    ];
    for (const [body, message] of cases) {
      const res = await upload(body);
      assertEquals(res.status, 400, JSON.stringify(body).slice(0, 120));
      assertMatch(res.json.error, message);
    }
    assertEquals(await count(), before);
    // `released` means something on door.opened only: said of another input, it is let go.
    const closed = ev(1, "door.closed", true);
    assertEquals((await upload([closed])).json, { accepted: 1, duplicates: 0 });
    const [row] = await sql`select released from door_events where event_id = ${closed.eventId}`;
    assertEquals(row.released, null);
  });

  await t.step("only a device with its key may report: anonymous and admin callers are refused", async () => {
    const body = [ev(1, "door.closed")];
    assertEquals((await testApp.request("POST", PATH, { body })).status, 401);
    assertEquals((await b.admin.request("POST", PATH, { body })).status, 401);
  });
});
