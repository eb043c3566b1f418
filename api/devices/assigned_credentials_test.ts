// The device page's Assigned Credentials say what the door would decide now: a
// lockdown of the room (and a group's override of it), a grant's schedule closed now,
// a lock still awaiting approval. Each row is held to a real decision at the door.
import { assertEquals } from "../testing/assert.ts";
import { addUser, createdId, describeApp, signInAdmin } from "../testing/test_app.ts";
import { deviceClient } from "../access/testing.ts";

describeApp("assigned credentials, by the door's rules now", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const make = (path: string, body: unknown) => createdId(admin, path, body);
  const lab = await make("/api/rooms", { name: "Lab" });
  const never = await make("/api/schedules", { name: "Never", timeZone: "UTC", weekly: {} });
  const group = async (name: string, scheduleId: number | null, fields: Record<string, unknown> = {}) => {
    const id = await make("/api/groups", { name, ...fields });
    const res = await admin.request("POST", `/api/groups/${id}/rooms/${lab}`, { body: { scheduleId } });
    assertEquals(res.status, 201, res.text);
    return id;
  };
  const engineers = await group("Engineers", null);
  const nightShift = await group("Night Shift", never);
  const guards = await group("Guards", never, { lockdownOverride: true });
  const person = async (firstName: string, card: string, groupId: number) => {
    const id = await addUser(sql, { email: `${firstName.toLowerCase()}@example.com`, firstName, lastName: "Test" });
    await sql`insert into user_groups (user_id, group_id) values (${id}, ${groupId})`;
    await sql`insert into user_credentials (user_id, type, facility_code, card_code) values (${id}, 'HID Prox', '1', ${card})`;
    return id;
  };
  const ada = await person("Ada", "1001", engineers);
  await person("Bo", "1002", nightShift);
  const cards: Record<string, string> = { "Ada Test": "1001", "Bo Test": "1002" };
  const reader = await make("/api/devices", { name: "Lab Reader", type: "reader", roomId: lab });
  const door = deviceClient(testApp, (await admin.request("POST", `/api/devices/${reader}/api-key`)).json.apiKey);

  /** The page's rows, [name, status, reason], each held to what the door decides for the person's badge. */
  const rows = async () => {
    const res = await admin.request("GET", `/api/devices/${reader}/assigned-credentials`);
    assertEquals(res.status, 200);
    const table = res.json.map((r: { userName: string; accessStatus: string; reason: string | null }) =>
      [r.userName, r.accessStatus, r.reason]
    );
    for (const [name, status, reason] of table) {
      const credential = { type: "HID Prox", facilityCode: "1", cardCode: cards[name] };
      const decided = (await door("POST", "/api/access/decisions", { body: { credential } })).json;
      assertEquals(
        [status, reason],
        decided.decision === "granted" ? ["Allowed", null] : ["Denied", decided.message],
        `${name}: the door's decision`,
      );
    }
    return table;
  };

  await t.step("a person through an always-open grant is allowed; one whose only grant's schedule is closed is not", async () => {
    assertEquals(await rows(), [
      ["Ada Test", "Allowed", null],
      ["Bo Test", "Denied", "Outside the allowed hours for this room"],
    ]);
  });

  await t.step("a lockdown of the room denies, but for a group with lockdown override, whatever its schedule", async () => {
    const lockdown = await admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [lab], reason: "Drill" } });
    assertEquals(lockdown.status, 201, lockdown.text);
    assertEquals(await rows(), [
      ["Ada Test", "Denied", "Lockdown in effect"],
      ["Bo Test", "Denied", "Lockdown in effect"],
    ]);
    // Guards hold the room only on the closed schedule: in a lockdown it does not matter.
    await sql`insert into user_groups (user_id, group_id) values (${ada}, ${guards})`;
    assertEquals(await rows(), [
      ["Ada Test", "Allowed", null],
      ["Bo Test", "Denied", "Lockdown in effect"],
    ]);
    assertEquals((await admin.request("POST", `/api/lockdowns/${lockdown.json.id}/end`)).status, 200);
    assertEquals((await rows())[1], ["Bo Test", "Denied", "Outside the allowed hours for this room"]);
  });

  await t.step("a lock awaiting approval lets nobody in until it is approved", async () => {
    // What Last Lock discovery leaves: pending, and a room does not end it. No
    // decision to hold it to: Last Lock, not Threshold, decides at such a lock.
    const [lock] = await sql<{ id: number }[]>`
      insert into devices (name, device_id, type, manufacturer, room_id, is_pending, last_lock_device_id)
      values ('Lab Lock', 'LASTLOCK-70201', 'lastlock', 'Last Lock', ${lab}, true, 70201) returning id`;
    const lockRows = async () =>
      (await admin.request("GET", `/api/devices/${lock.id}/assigned-credentials`)).json
        .map((r: { userName: string; accessStatus: string; reason: string | null }) => [r.userName, r.accessStatus, r.reason]);
    assertEquals(await lockRows(), [
      ["Ada Test", "Denied", "Device is awaiting approval"],
      ["Bo Test", "Denied", "Device is awaiting approval"],
    ]);
    await sql`update devices set is_pending = false where id = ${lock.id}`;
    assertEquals(await lockRows(), [
      ["Ada Test", "Allowed", null],
      ["Bo Test", "Denied", "Outside the allowed hours for this room"],
    ]);
  });
});
