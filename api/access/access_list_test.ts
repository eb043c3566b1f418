// GET /api/access/devices/self/access-list: what a controller decides from while
// offline, its ETag, 304, and every kind of change that must change it.
import { assert, assertEquals, assertMatch, assertNotEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "./testing.ts";

const PATH = "/api/access/devices/self/access-list";

describeApp("access list", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const get = (headers: Record<string, string> = {}) => b.device("GET", PATH, { headers });

  await t.step("the list names the device, its room and the allowed credentials", async () => {
    const res = await get();
    assertEquals(res.status, 200);
    assertMatch(res.headers.get("etag")!, /^"[0-9a-f]{40}"$/);
    assertEquals(res.headers.get("cache-control"), "private, no-cache");
    assertEquals(res.json.device.id, b.deviceId);
    assertEquals(res.json.device.name, "Lab Reader");
    assertEquals(res.json.device.isActive, true);
    assertEquals(res.json.room, { id: b.roomId, name: "Lab", isActive: true, unlockScheduleId: null, firstPersonIn: false });
    assertEquals(res.json.denyAll, null);
    assertEquals(res.json.users, [{ id: b.userId, name: "Ada Lovelace", scheduleIds: null }]);
    assertEquals(res.json.schedules, []);
    assertEquals(res.json.credentials, [{ ...CARD, userId: b.userId }]);
    assertEquals(res.json.passkeys, []);
    assertEquals(res.json.wallets, []);
  });

  await t.step("the same list answers 304 to its ETag, and the tag is stable", async () => {
    const first = await get();
    const tag = first.headers.get("etag")!;
    const again = await get();
    assertEquals(again.headers.get("etag"), tag);
    for (const header of [tag, `W/${tag}`, `"other", ${tag}`, "*"]) {
      const res = await get({ "if-none-match": header });
      assertEquals(res.status, 304, header);
      assertEquals(res.text, "");
      assertEquals(res.headers.get("etag"), tag);
    }
    assertEquals((await get({ "if-none-match": '"other"' })).status, 200);
  });

  await t.step("decisions at the door do not change the list", async () => {
    const tag = (await get()).headers.get("etag")!;
    await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
    await b.device("POST", "/api/access/decisions", {
      body: { credential: { type: "EM41", cardCode: "x" } },
    });
    assertEquals((await get({ "if-none-match": tag })).status, 304);
  });

  const nineToFive = [{ start: "09:00", end: "17:00" }];
  const noDays = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
  const newYear = { name: "New Year", date: "2027-01-01", endDate: null, repeatsYearly: true, windows: [] };
  const christmas = { name: "Christmas", date: "2027-12-25", endDate: null, repeatsYearly: false, windows: [] };
  let schedule = 0;
  let calendar = 0;
  let unlock = 0;
  const changes: [string, () => Promise<unknown>, (list: Record<string, unknown>) => void][] = [
    [
      "a new badge for an allowed user",
      () =>
        sql`insert into user_credentials (user_id, type, card_code)
          values (${b.userId}, 'Mifare', '04A1B2C3')`,
      (list) =>
        assertEquals(list.credentials, [
          { ...CARD, userId: b.userId },
          { type: "Mifare", facilityCode: null, cardCode: "04A1B2C3", userId: b.userId },
        ]),
    ],
    [
      "a badge deactivated",
      () => sql`update user_credentials set is_active = false where card_code = '04A1B2C3'`,
      (list) => assertEquals((list.credentials as unknown[]).length, 1),
    ],
    [
      "a badge's code edited",
      () => sql`update user_credentials set card_code = '40002' where id = ${b.credentialId}`,
      (list) => assertEquals((list.credentials as { cardCode: string }[])[0].cardCode, "40002"),
    ],
    [
      "a passkey registered",
      () =>
        sql`insert into passkeys (user_id, credential_id, public_key)
          values (${b.userId}, 'pk-1', 'k')`,
      (list) => assertEquals(list.passkeys, [{ credentialId: "pk-1", userId: b.userId }]),
    ],
    [
      "a wallet pass added",
      () =>
        sql`insert into lastlock_credentials (user_id, credential_type, credential_data)
          values (${b.userId}, 'APPLE_WALLET', 'd2FsbGV0')`,
      (list) => assertEquals(list.wallets, [{ credentialId: "d2FsbGV0", userId: b.userId }]),
    ],
    [
      "the user renamed",
      () =>
        b.admin.request("PUT", `/api/users/${b.userId}`, {
          body: { firstName: "Ada", lastName: "King", email: "ada@example.com" },
        }),
      (list) => assertEquals(list.users, [{ id: b.userId, name: "Ada King", scheduleIds: null }]),
    ],
    [
      "the user deactivated",
      () => b.admin.request("PATCH", `/api/users/${b.userId}/toggle-active`),
      (list) => assertEquals([list.users, list.credentials, list.passkeys], [[], [], []]),
    ],
    [
      "the user reactivated",
      () => b.admin.request("PATCH", `/api/users/${b.userId}/toggle-active`),
      (list) => assertEquals((list.users as unknown[]).length, 1),
    ],
    [
      "the group deactivated",
      () => b.admin.request("PATCH", `/api/groups/${b.groupId}/toggle-active`),
      (list) => assertEquals(list.users, []),
    ],
    [
      "the group reactivated",
      () => b.admin.request("PATCH", `/api/groups/${b.groupId}/toggle-active`),
      (list) => assertEquals((list.users as unknown[]).length, 1),
    ],
    [
      "the member removed from the group",
      () => b.admin.request("DELETE", `/api/groups/${b.groupId}/users/${b.userId}`),
      (list) => assertEquals(list.users, []),
    ],
    [
      "the member added back",
      () => b.admin.request("POST", `/api/groups/${b.groupId}/users/${b.userId}`),
      (list) => assertEquals((list.users as unknown[]).length, 1),
    ],
    [
      "the room taken from the group",
      () => b.admin.request("DELETE", `/api/groups/${b.groupId}/rooms/${b.roomId}`),
      (list) => assertEquals(list.users, []),
    ],
    [
      "the room given back",
      () => b.admin.request("POST", `/api/groups/${b.groupId}/rooms/${b.roomId}`),
      (list) => assertEquals((list.users as unknown[]).length, 1),
    ],
    [
      "the room deactivated",
      () => b.admin.request("PATCH", `/api/rooms/${b.roomId}/toggle-active`),
      (list) => {
        assertEquals(list.denyAll, "room_inactive");
        assertEquals([list.users, list.credentials], [[], []]);
      },
    ],
    [
      "the room reactivated",
      () => b.admin.request("PATCH", `/api/rooms/${b.roomId}/toggle-active`),
      (list) => assertEquals(list.denyAll, null),
    ],
    [
      "the room renamed",
      () => sql`update rooms set name = 'Laboratory' where id = ${b.roomId}`,
      (list) => assertEquals((list.room as { name: string }).name, "Laboratory"),
    ],
    [
      "the device deactivated",
      () => b.admin.request("PATCH", `/api/devices/${b.deviceId}/toggle-active`),
      (list) => assertEquals([list.denyAll, list.users], ["device_inactive", []]),
    ],
    [
      "the device reactivated",
      () => b.admin.request("PATCH", `/api/devices/${b.deviceId}/toggle-active`),
      (list) => assertEquals(list.denyAll, null),
    ],
    [
      "the device taken out of its room",
      () => b.admin.request("PATCH", `/api/devices/${b.deviceId}`, { body: { roomId: null } }),
      (list) =>
        assertEquals([list.denyAll, list.room, list.users], ["device_unassigned", null, []]),
    ],
    [
      "the device put back",
      () => b.admin.request("PATCH", `/api/devices/${b.deviceId}`, { body: { roomId: b.roomId } }),
      (list) => assertEquals(list.denyAll, null),
    ],
    [
      "the grant given a schedule",
      async () => {
        schedule = (await b.admin.request("POST", "/api/schedules", { body: { name: "Days", timeZone: "Europe/Berlin", weekly: { monday: nineToFive } } })).json.id;
        return await b.admin.request("PUT", `/api/groups/${b.groupId}/rooms/${b.roomId}`, { body: { scheduleId: schedule } });
      },
      (list) => {
        assertEquals(list.users, [{ id: b.userId, name: "Ada King", scheduleIds: [schedule] }]);
        assertEquals(list.schedules, [{ id: schedule, name: "Days", timeZone: "Europe/Berlin", weekly: { ...noDays, monday: nineToFive }, holidays: [] }]);
      },
    ],
    [
      "the schedule's windows edited",
      () => b.admin.request("PUT", `/api/schedules/${schedule}`, { body: { name: "Days", timeZone: "Europe/Berlin", weekly: { tuesday: nineToFive } } }),
      (list) => assertEquals((list.schedules as { weekly: unknown }[])[0].weekly, { ...noDays, tuesday: nineToFive }),
    ],
    [
      "the schedule given a holiday calendar",
      async () => {
        calendar = (await b.admin.request("POST", "/api/holiday-calendars", { body: { name: "Holidays", holidays: [newYear] } })).json.id;
        return await b.admin.request("PUT", `/api/schedules/${schedule}`, {
          body: { name: "Days", timeZone: "Europe/Berlin", weekly: { tuesday: nineToFive }, holidayCalendarId: calendar },
        });
      },
      (list) => assertEquals((list.schedules as { holidays: unknown }[])[0].holidays, [newYear]),
    ],
    [
      "a holiday added to that calendar",
      () => b.admin.request("PUT", `/api/holiday-calendars/${calendar}`, { body: { name: "Holidays", holidays: [newYear, christmas] } }),
      (list) => assertEquals((list.schedules as { holidays: unknown }[])[0].holidays, [newYear, christmas]),
    ],
    [
      "the room given an unlock schedule with first person in",
      async () => {
        unlock = (await b.admin.request("POST", "/api/schedules", { body: { name: "Lobby hours", timeZone: "UTC", weekly: { friday: nineToFive } } })).json.id;
        return await b.admin.request("PUT", `/api/rooms/${b.roomId}`, { body: { name: "Laboratory", unlockScheduleId: unlock, firstPersonIn: true } });
      },
      (list) => {
        assertEquals(list.room, { id: b.roomId, name: "Laboratory", isActive: true, unlockScheduleId: unlock, firstPersonIn: true });
        assertEquals((list.schedules as { id: number }[]).map((s) => s.id), [schedule, unlock]);
      },
    ],
    [
      "the grant back to Always",
      () => b.admin.request("PUT", `/api/groups/${b.groupId}/rooms/${b.roomId}`, { body: { scheduleId: null } }),
      (list) => {
        assertEquals((list.users as { scheduleIds: unknown }[])[0].scheduleIds, null);
        assertEquals((list.schedules as { id: number }[]).map((s) => s.id), [unlock]);
      },
    ],
    [
      "a second group giving another user the room",
      async () => {
        const [user] = await sql`insert into users (email, password_hash, first_name, last_name)
          values ('bo@example.com', 'x', 'Bo', 'Ng') returning id`;
        const [group] = await sql`insert into groups (name) values ('Visitors') returning id`;
        await sql`insert into user_groups (user_id, group_id) values (${user.id}, ${group.id})`;
        await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${b.roomId})`;
        await sql`insert into user_credentials (user_id, type, card_code)
          values (${user.id}, 'EM41', 'B0B0B0B0B0')`;
      },
      (list) =>
        assertEquals((list.users as { name: string }[]).map((u) => u.name), [
          "Ada King",
          "Bo Ng",
        ]),
    ],
    [
      "the user deleted",
      () => b.admin.request("DELETE", `/api/users/${b.userId}`),
      (list) => assertEquals((list.users as { name: string }[]).map((u) => u.name), ["Bo Ng"]),
    ],
  ];
  for (const [what, change, check] of changes) {
    await t.step(`changes with ${what}`, async () => {
      const tag = (await get()).headers.get("etag")!;
      const res = await change();
      const status = (res as { status?: number })?.status;
      assert(status === undefined || status < 300, `${what}: ${status}`);
      const after = await get({ "if-none-match": tag });
      assertEquals(after.status, 200, `${what} must change the list`);
      assertNotEquals(after.headers.get("etag"), tag);
      check(after.json);
      assertEquals((await get({ "if-none-match": after.headers.get("etag")! })).status, 304);
    });
  }

  await t.step("a change elsewhere leaves this door's list alone", async () => {
    const tag = (await get()).headers.get("etag")!;
    const [room] = await sql`insert into rooms (name) values ('Gym') returning id`;
    const [group] = await sql`insert into groups (name) values ('Gym goers') returning id`;
    await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
    const other = await b.admin.request("POST", "/api/schedules", { body: { name: "Gym hours", timeZone: "UTC", weekly: {} } });
    await b.admin.request("PUT", `/api/groups/${group.id}/rooms/${room.id}`, { body: { scheduleId: other.json.id } });
    await b.admin.request("PUT", `/api/schedules/${other.json.id}`, { body: { name: "Gym hours", timeZone: "UTC", weekly: { monday: [{ start: "06:00", end: "22:00" }] } } });
    assertEquals((await get({ "if-none-match": tag })).status, 304);
  });

  await t.step("a client accepting gzip gets it, with its own strong tag", async () => {
    // Enough users for a list worth compressing.
    await sql`insert into users (email, password_hash, first_name, last_name)
      select 'u' || n || '@example.com', 'x', 'User', 'N' || n from generate_series(1, 40) n`;
    await sql`insert into user_groups (user_id, group_id)
      select id, ${b.groupId} from users where email like 'u%@example.com'`;
    await sql`insert into user_credentials (user_id, type, facility_code, card_code)
      select id, 'HID Prox', '9', id::text from users where email like 'u%@example.com'`;
    const plain = await get();
    const tag = plain.headers.get("etag")!;
    const gzip = await b.device("GET", PATH, { headers: { "accept-encoding": "gzip" } });
    assertEquals(gzip.headers.get("content-encoding"), "gzip");
    assertEquals(gzip.headers.get("etag"), tag.replace(/"$/, '-gzip"'));
    assertEquals(gzip.headers.get("vary"), "Accept-Encoding");
    // app.request does not decode: the body is the gzip stream of the same JSON.
    const raw = await testApp.app.request("http://door.local" + PATH, {
      headers: { authorization: `Bearer ${b.apiKey}`, "accept-encoding": "gzip" },
    });
    const text = await new Response(raw.body!.pipeThrough(new DecompressionStream("gzip"))).text();
    assertEquals(text, plain.text);
    for (const asked of [tag, gzip.headers.get("etag")!]) {
      const res = await b.device("GET", PATH, {
        headers: { "accept-encoding": "gzip", "if-none-match": asked },
      });
      assertEquals(res.status, 304);
    }
    const refused = await b.device("GET", PATH, { headers: { "accept-encoding": "gzip;q=0" } });
    assertEquals(refused.headers.get("content-encoding"), null);
    assertEquals(refused.headers.get("etag"), tag);
  });

  await t.step("without a device key there is no list", async () => {
    assertEquals((await testApp.request("GET", PATH)).status, 401);
    assertEquals((await b.admin.request("GET", PATH)).status, 401);
  });
});
