// The alarm calls (spec 4 §2): the list (filters, keyset pages), one alarm, acknowledge
// and resolve with notes (audited, their events written), and who may call them.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { building } from "../access/testing.ts";

describeApp("alarms", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const admin = b.admin;
  await addUser(sql, { email: "member@example.com" });
  const member = await testApp.login("member@example.com");
  // 60 resolved alarms of the past, then one of each open kind.
  await sql`
    insert into alarms (type, severity, device_id, device_name, room_id, room_name, started_at, resolved_at, resolved_by)
    select 'door.held_open', 'warning', ${b.deviceId}, 'Lab Reader', ${b.roomId}, 'Lab',
           now() - (n || ' hours')::interval, now() - (n || ' hours')::interval + interval '5 minutes',
           '{"type":"system","id":null,"name":"Threshold"}'
    from generate_series(1, 60) n`;
  const [forced] = await sql<{ id: number }[]>`
    insert into alarms (type, severity, device_id, device_name, room_id, room_name, started_at)
    values ('door.forced_open', 'critical', ${b.deviceId}, 'Lab Reader', ${b.roomId}, 'Lab', now() - interval '1 minute')
    returning id`;
  const [tamper] = await sql<{ id: number }[]>`
    insert into alarms (type, severity, device_id, device_name, room_id, room_name, started_at)
    values ('device.tamper', 'critical', ${b.deviceId}, 'Lab Reader', ${b.roomId}, 'Lab', now())
    returning id`;

  await t.step("the list: newest first, 50 a page, the next page by its cursor", async () => {
    const first = await admin.request("GET", "/api/alarms");
    assertEquals(first.status, 200);
    assertEquals(first.json.items.length, 50);
    assertEquals(first.json.items.slice(0, 2).map((a: { id: number }) => a.id), [tamper.id, forced.id]);
    const second = await admin.request("GET", `/api/alarms?cursor=${first.json.nextCursor}`);
    assertEquals(second.json.items.length, 12);
    assertEquals(second.json.nextCursor, null);
    const ids = [...first.json.items, ...second.json.items].map((a: { id: number }) => a.id);
    assertEquals(new Set(ids).size, 62, "no alarm twice, none left out");
  });

  await t.step("filters: open or resolved, type, room, device", async () => {
    const open = await admin.request("GET", "/api/alarms?state=open");
    assertEquals(open.json.items.map((a: { state: string }) => a.state), ["active", "active"]);
    assertEquals((await admin.request("GET", "/api/alarms?state=resolved")).json.items.length, 50);
    assertEquals((await admin.request("GET", "/api/alarms?type=device.tamper")).json.items.map((a: { id: number }) => a.id), [tamper.id]);
    assertEquals((await admin.request("GET", `/api/alarms?roomId=${b.roomId}&state=open`)).json.items.length, 2);
    assertEquals((await admin.request("GET", `/api/alarms?deviceId=${b.deviceId + 1000}`)).json.items, []);
  });

  await t.step("counts: unresolved alarms, unacknowledged and acknowledged", async () => {
    const res = await admin.request("GET", "/api/alarms/counts");
    assertEquals([res.status, res.json], [200, { active: 2, acknowledged: 0 }]);
  });

  await t.step("one alarm, as the list shows it", async () => {
    const res = await admin.request("GET", `/api/alarms/${forced.id}`);
    assertEquals(res.status, 200);
    assertEquals(res.json, {
      id: forced.id,
      type: "door.forced_open",
      severity: "critical",
      state: "active",
      deviceId: b.deviceId,
      deviceName: "Lab Reader",
      roomId: b.roomId,
      roomName: "Lab",
      startedAt: res.json.startedAt,
      clearedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      note: null,
    });
    assertEquals((await admin.request("GET", "/api/alarms/999999")).json.error, "Alarm not found");
  });

  await t.step("acknowledge, with a note: once; audited; alarm.acknowledged written", async () => {
    const res = await admin.request("POST", `/api/alarms/${forced.id}/acknowledge`, { body: { note: " Checking the door " } });
    assertEquals(res.status, 200);
    assertEquals([res.json.state, res.json.note, res.json.acknowledgedBy.type], ["acknowledged", "Checking the door", "user"]);
    assert(res.json.acknowledgedAt);
    assertEquals((await admin.request("GET", "/api/alarms/counts")).json, { active: 1, acknowledged: 1 });
    const again = await admin.request("POST", `/api/alarms/${forced.id}/acknowledge`);
    assertEquals([again.status, again.json.error], [409, "This alarm has already been acknowledged"]);
    const [audit] = await sql`select action from audit_events where target_id = ${String(forced.id)} order by id desc limit 1`;
    assertEquals(audit?.action, "alarm.acknowledge");
    const [event] = await sql`select type from events where type = 'alarm.acknowledged' and subject_id = ${forced.id}`;
    assert(event, "alarm.acknowledged written");
  });

  await t.step("resolve: once, then it never changes again; without a note the note stays", async () => {
    const res = await admin.request("POST", `/api/alarms/${forced.id}/resolve`);
    assertEquals(res.status, 200);
    assertEquals([res.json.state, res.json.note, res.json.resolvedBy.type], ["resolved", "Checking the door", "user"]);
    const again = await admin.request("POST", `/api/alarms/${forced.id}/resolve`, { body: { note: "again" } });
    assertEquals([again.status, again.json.error], [409, "This alarm is already resolved"]);
    const late = await admin.request("POST", `/api/alarms/${forced.id}/acknowledge`);
    assertEquals([late.status, late.json.error], [409, "This alarm is already resolved"]);
    // Resolved unacknowledged: straight from active.
    const direct = await admin.request("POST", `/api/alarms/${tamper.id}/resolve`, { body: { note: "Cover put back" } });
    assertEquals([direct.json.state, direct.json.acknowledgedAt, direct.json.note], ["resolved", null, "Cover put back"]);
  });

  await t.step("bad input: 400, nothing changes", async () => {
    const [open] = await sql<{ id: number }[]>`
      insert into alarms (type, severity, device_id, device_name, started_at)
      values ('device.tamper', 'critical', ${b.deviceId}, 'Lab Reader', now()) returning id`;
    const cases: [string, string, unknown, string][] = [
      ["GET", "/api/alarms?state=closed", undefined, "state: must be open or resolved"],
      ["GET", "/api/alarms?type=door.ajar", undefined, "type: must be one of door.forced_open, door.held_open, device.tamper, device.offline"],
      ["GET", "/api/alarms?cursor=bm9wZQ", undefined, "cursor: is not a cursor of this list"],
      ["GET", "/api/alarms?roomId=abc", undefined, "roomId: must be a positive whole number (at most 2147483647)"],
      ["POST", `/api/alarms/${open.id}/acknowledge`, { note: "x".repeat(501) }, "A note must be at most 500 characters"],
      ["POST", `/api/alarms/${open.id}/resolve`, { note: 5 }, "Note must be text"],
      ["POST", "/api/alarms/0x1/resolve", {}, "id: must be a positive whole number (at most 2147483647)"],
    ];
    for (const [method, path, body, error] of cases) {
      const res = await admin.request(method, path, body === undefined ? {} : { body });
      assertEquals([path, res.status, res.json.error], [path, 400, error]);
    }
    const [after] = await sql`select acknowledged_at, resolved_at, note from alarms where id = ${open.id}`;
    assertEquals([after.acknowledgedAt, after.resolvedAt, after.note], [null, null, null]);
  });

  await t.step("members and anonymous callers are refused", async () => {
    for (const [method, path] of [["GET", "/api/alarms"], ["GET", "/api/alarms/counts"], ["GET", `/api/alarms/${tamper.id}`], ["POST", `/api/alarms/${tamper.id}/acknowledge`], ["POST", `/api/alarms/${tamper.id}/resolve`]]) {
      assertEquals((await member.request(method, path)).status, 403, `${method} ${path} as a member`);
      assertEquals((await testApp.request(method, path)).status, 401, `${method} ${path} anonymous`);
    }
  });

  await t.step("a device deactivated or deleted: its unresolved alarms resolve, by the system", async () => {
    const device = async (name: string) => {
      const made = await admin.request("POST", "/api/devices", { body: { name, type: "reader", roomId: b.roomId } });
      const [alarm] = await sql<{ id: number }[]>`
        insert into alarms (type, severity, device_id, device_name, started_at)
        values ('door.forced_open', 'critical', ${made.json.id}, ${name}, now()) returning id`;
      return { id: made.json.id as number, alarm: alarm.id };
    };
    const off = await device("Switched Off");
    assertEquals((await admin.request("PATCH", `/api/devices/${off.id}/toggle-active`)).status, 200);
    const gone = await device("Taken Away");
    assertEquals((await admin.request("DELETE", `/api/devices/${gone.id}`)).status, 200);
    for (const id of [off.alarm, gone.alarm]) {
      const res = await admin.request("GET", `/api/alarms/${id}`);
      assertEquals([res.json.state, res.json.resolvedBy?.type], ["resolved", "system"]);
    }
  });
});

