// The access review (spec 4 §7): who can open a room and what a person can open, by
// the decisions' own rules (each user's canOpenNow is held to a real decision at the
// room's door), the grants that let them through, the room's guests, CSV; admins only.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, createdId, describeApp, signInAdmin } from "../testing/test_app.ts";
import { deviceClient } from "../access/testing.ts";
import { roomAccess, userAccess } from "./repo.ts";

describeApp("access review", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);
  const make = (path: string, body: unknown) => createdId(admin, path, body);
  const lab = await make("/api/rooms", { name: "Lab" });
  const vault = await make("/api/rooms", { name: "Vault" });
  const never = await make("/api/schedules", { name: "Never", timeZone: "UTC", weekly: {} });
  const weekdays = await make("/api/schedules", {
    name: "Mondays",
    timeZone: "UTC",
    weekly: { monday: [{ start: "09:00", end: "17:00" }] },
  });
  const group = async (name: string, rooms: [number, number | null][], fields: Record<string, unknown> = {}) => {
    const id = await make("/api/groups", { name, ...fields });
    for (const [roomId, scheduleId] of rooms) {
      const res = await admin.request("POST", `/api/groups/${id}/rooms/${roomId}`, { body: { scheduleId } });
      assertEquals(res.status < 300, true, res.text);
    }
    return id;
  };
  const engineers = await group("Engineers", [[lab, null]]);
  const night = await group("Night Shift", [[lab, never], [vault, weekdays]]);
  const guards = await group("Guards", [[lab, never]], { lockdownOverride: true });
  const retired = await group("Retired", [[lab, null]]);
  await admin.request("PATCH", `/api/groups/${retired}/toggle-active`);
  const person = async (email: string, firstName: string, groups: number[], card: string, isActive = true) => {
    const id = await addUser(sql, { email, firstName, lastName: "Test", isActive });
    for (const g of groups) await sql`insert into user_groups (user_id, group_id) values (${id}, ${g})`;
    await sql`insert into user_credentials (user_id, type, facility_code, card_code) values (${id}, 'HID Prox', '1', ${card})`;
    return id;
  };
  const ada = await person("ada@example.com", "Ada", [engineers, night], "1001");
  const bo = await person("bo@example.com", "Bo", [night], "1002");
  const cy = await person("cy@example.com", "Cy", [engineers], "1003", false);
  const di = await person("di@example.com", "Di", [retired], "1004");
  const gus = await person("gus@example.com", "Gus", [guards], "1005");
  const reader = await make("/api/devices", { name: "Lab Reader", type: "reader", roomId: lab });
  const key = (await admin.request("POST", `/api/devices/${reader}/api-key`)).json.apiKey;
  const door = deviceClient(testApp, key);
  const decision = async (card: string) =>
    (await door("POST", "/api/access/decisions", { body: { credential: { type: "HID Prox", facilityCode: "1", cardCode: card } } })).json.decision;

  await t.step("who can open the room: active users of active groups, by name, with the grants; held to the doors' decisions", async () => {
    const res = await admin.request("GET", `/api/rooms/${lab}/access`);
    assertEquals(res.status, 200);
    const users = res.json.users as { userId: number; name: string; canOpenNow: boolean; via: { groupName: string; scheduleName: string | null }[] }[];
    assertEquals(users.map((u) => [u.name, u.canOpenNow]), [["Ada Test", true], ["Bo Test", false], ["Gus Test", false]]);
    assertEquals(users[0].via.map((v) => [v.groupName, v.scheduleName]), [["Engineers", null], ["Night Shift", "Never"]]);
    assertEquals(users[0].via[0], { groupId: engineers, groupName: "Engineers", scheduleId: null, scheduleName: null, lockdownOverride: false });
    // Not listed: a deactivated user, a member of a deactivated group only.
    assert(!users.some((u) => [cy, di].includes(u.userId)));
    for (const [id, card] of [[ada, "1001"], [bo, "1002"], [gus, "1005"], [cy, "1003"], [di, "1004"]] as const) {
      const listed = users.find((u) => u.userId === id);
      assertEquals(await decision(card) === "granted", listed?.canOpenNow ?? false, `user ${id}`);
    }
  });

  await t.step("in a lockdown only the override's people can open it", async () => {
    const lockdown = await admin.request("POST", "/api/lockdowns", { body: { scope: "rooms", roomIds: [lab], reason: "Drill" } });
    assertEquals(lockdown.status, 201, lockdown.text);
    const users = (await admin.request("GET", `/api/rooms/${lab}/access`)).json.users as { name: string; canOpenNow: boolean }[];
    assertEquals(users.map((u) => [u.name, u.canOpenNow]), [["Ada Test", false], ["Bo Test", false], ["Gus Test", true]]);
    assertEquals([await decision("1001"), await decision("1005")], ["denied", "granted"]);
    assertEquals((await admin.request("POST", `/api/lockdowns/${lockdown.json.id}/end`)).status, 200);
  });

  await t.step("the room's guests: visits active or upcoming", async () => {
    const visit = async (guestName: string, startsIn: number) =>
      (await admin.request("POST", "/api/visits", {
        body: {
          guestName,
          roomIds: [lab],
          startsAt: new Date(Date.now() + startsIn * 3_600_000).toISOString(),
          endsAt: new Date(Date.now() + (startsIn + 1) * 3_600_000).toISOString(),
        },
      })).json.id as number;
    await visit("Now Guest", -0.5);
    await visit("Later Guest", 5);
    const revoked = await visit("Gone Guest", 2);
    await admin.request("POST", `/api/visits/${revoked}/revoke`);
    const visits = (await admin.request("GET", `/api/rooms/${lab}/access`)).json.visits as { guestName: string; status: string }[];
    assertEquals(visits.map((v) => [v.guestName, v.status]), [["Now Guest", "active"], ["Later Guest", "upcoming"]]);
    assertEquals((await admin.request("GET", `/api/rooms/${vault}/access`)).json.visits, []);
  });

  await t.step("what a person can open, when that changes, and nothing for a deactivated user", async () => {
    const res = await admin.request("GET", `/api/users/${ada}/access`);
    assertEquals(res.status, 200);
    assertEquals(res.json.map((r: { roomName: string; canOpenNow: boolean }) => [r.roomName, r.canOpenNow]), [["Lab", true], ["Vault", false]]);
    // On a fixed clock: a Monday at 08:00 UTC, the Mondays schedule opens at 09:00.
    const monday = new Date("2026-11-30T08:00:00Z");
    const vaultRow = (await userAccess(sql, bo, monday))!.find((r) => r.roomId === vault)!;
    assertEquals([vaultRow.canOpenNow, vaultRow.nextChange?.toISOString()], [false, "2026-11-30T09:00:00.000Z"]);
    const open = (await userAccess(sql, bo, new Date("2026-11-30T10:00:00Z")))!.find((r) => r.roomId === vault)!;
    assertEquals([open.canOpenNow, open.nextChange?.toISOString()], [true, "2026-11-30T17:00:00.000Z"]);
    // Always open: nothing to change by the clock.
    assertEquals((await userAccess(sql, ada, monday))!.find((r) => r.roomId === lab)!.nextChange, null);
    const deactivated = (await admin.request("GET", `/api/users/${cy}/access`)).json;
    assertEquals(deactivated.map((r: { canOpenNow: boolean; nextChange: string | null }) => [r.canOpenNow, r.nextChange]), [[false, null]]);
    assertEquals(await roomAccess(sql, 2147480000), undefined);
  });

  await t.step("CSV of each; unknown ids are 404; a bad format is 400", async () => {
    const room = await admin.request("GET", `/api/rooms/${lab}/access?format=csv`);
    assertEquals(room.headers.get("content-disposition"), `attachment; filename="room-${lab}-access.csv"`);
    const lines = room.text.trimEnd().split("\r\n");
    assertEquals(lines[0], "User ID,Name,Email,Can open now,Via");
    assertEquals(lines[1], `${ada},Ada Test,ada@example.com,yes,Engineers; Night Shift (Never)`);
    assertEquals(lines.length, 4);
    const user = await admin.request("GET", `/api/users/${gus}/access?format=csv`);
    assertEquals(user.text.trimEnd().split("\r\n"), ["Room ID,Room,Can open now,Next change,Via", `${lab},Lab,no,,Guards (Never) [lockdown override]`]);
    assertEquals((await admin.request("GET", "/api/rooms/2147480000/access")).json.error, "Room not found");
    assertEquals((await admin.request("GET", "/api/users/2147480000/access")).json.error, "User not found");
    assertEquals((await admin.request("GET", `/api/rooms/${lab}/access?format=xml`)).status, 400);
    assertEquals((await admin.request("GET", "/api/rooms/abc/access")).status, 400);
  });

  await t.step("members and anonymous callers are refused", async () => {
    const member = await testApp.login("bo@example.com");
    assertEquals((await member.request("GET", `/api/rooms/${lab}/access`)).status, 403);
    assertEquals((await member.request("GET", `/api/users/${bo}/access`)).status, 403);
    assertEquals((await testApp.request("GET", `/api/rooms/${lab}/access`)).status, 401);
  });
});
