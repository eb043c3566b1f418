import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

type Entry = { id: number; timestamp: string; userName: string; outcome: string; action: string };

describeApp("access logs", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const { request } = await login("admin@example.com");
  const ann = await addUser(sql, { email: "ann@example.com", firstName: "Ann", lastName: "Lee" });
  const bob = await addUser(sql, { email: "bob@example.com", firstName: "Bob", lastName: "Ray" });
  const [lab, hall] = await sql`insert into rooms (name) values ('Lab'), ('Hall') returning id`;
  const [labDoor, hallDoor] = await sql`insert into devices (name, device_id, type, room_id)
    values ('Lab Door', 'L1', 'lock', ${lab.id}), ('Hall Reader', 'H1', 'reader', ${hall.id})
    returning id`;
  const [staff] = await sql`insert into groups (name) values ('Staff') returning id`;
  await sql`insert into user_groups (user_id, group_id) values (${ann}, ${staff.id})`;
  await sql`insert into group_rooms (group_id, room_id) values (${staff.id}, ${lab.id})`;

  // 60 events: Ann at the lab door, Bob at the hall reader, alternating; every
  // third is denied; timestamps come in threes, so pages must split equal times.
  const base = Date.parse("2025-07-01T12:00:00.000Z");
  for (let i = 0; i < 60; i++) {
    const annEvent = i % 2 === 0;
    await sql`insert into access_logs (user_id, user_name, device_id, device_name, room_id,
        room_name, credential_type, action, outcome, reason, timestamp)
      values (${annEvent ? ann : bob}, ${annEvent ? "Ann Lee" : "Bob Ray"},
        ${annEvent ? labDoor.id : hallDoor.id}, ${annEvent ? "Lab Door" : "Hall Reader"},
        ${annEvent ? lab.id : hall.id}, ${annEvent ? "Lab" : "Hall"},
        ${annEvent ? "HID Prox" : "Mifare"}, ${annEvent ? "Unlock" : "Badge Scan"},
        ${i % 3 === 0 ? "denied" : "success"}, ${i % 3 === 0 ? "No access to this room" : null},
        ${new Date(base + Math.floor(i / 3) * 60_000)})`;
  }
  const expected = (await sql`select id from access_logs order by timestamp desc, id desc`)
    .map((r) => Number(r.id));

  const pages = async (path: string) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let count = 0;
    do {
      const sep = path.includes("?") ? "&" : "?";
      const url: string = cursor ? `${path}${sep}cursor=${cursor}` : path;
      const res = await request("GET", url);
      assertEquals(res.status, 200, res.text);
      seen.push(...res.json.items.map((e: Entry) => e.id));
      cursor = res.json.nextCursor;
      assert(++count < 100, "paging ends");
    } while (cursor);
    return seen;
  };

  await t.step("the first page: newest first, the answer's shape, the total", async () => {
    const res = await request("GET", "/api/logs");
    assertEquals(res.status, 200);
    assertEquals(res.json.items.length, 50);
    assertEquals(res.json.total, 60);
    assertEquals(res.json.totalExact, true);
    assertEquals(typeof res.json.nextCursor, "string");
    assertEquals(res.json.items.map((e: Entry) => e.id), expected.slice(0, 50));
    assertEquals(Object.keys(res.json.items[0]).sort(), [
      "action",
      "credentialType",
      "deviceId",
      "deviceName",
      "id",
      "outcome",
      "reason",
      "roomId",
      "roomName",
      "timestamp",
      "userId",
      "userName",
    ]);
    assertEquals(typeof res.json.items[0].id, "number");
  });

  await t.step("paging by cursor: every row once, in order, across equal timestamps", async () => {
    for (const limit of [1, 2, 7, 50, 200]) {
      assertEquals(await pages(`/api/logs?limit=${limit}`), expected, `limit ${limit}`);
    }
  });

  await t.step("a cursor stays valid while new events arrive", async () => {
    const first = await request("GET", "/api/logs?limit=10");
    await sql`insert into access_logs (action, outcome, timestamp)
      values ('Unlock', 'success', ${new Date(base + 3_600_000)})`;
    const next = await request("GET", `/api/logs?limit=10&cursor=${first.json.nextCursor}`);
    assertEquals(next.json.items.map((e: Entry) => e.id), expected.slice(10, 20));
    await sql`delete from access_logs where timestamp = ${new Date(base + 3_600_000)}`;
  });

  await t.step(
    "search: user, device, credential type, action; any case; LIKE chars literal",
    async () => {
      const total = async (search: string) =>
        (await request("GET", `/api/logs?search=${encodeURIComponent(search)}`)).json.total;
      assertEquals(await total("ann lee"), 30);
      assertEquals(await total("HALL READER"), 30);
      assertEquals(await total("mifare"), 30);
      assertEquals(await total("badge scan"), 30);
      assertEquals(await total("o"), 60);
      assertEquals(await total("nobody"), 0);
      assertEquals(await total("%"), 0);
      assertEquals(await total("_"), 0);
      assertEquals(await total("   "), 60, "a blank search is no search");
      const page = await request("GET", "/api/logs?search=lab&limit=3");
      assert(page.json.items.every((e: Entry) => e.userName === "Ann Lee"));
    },
  );

  await t.step("filters: outcome, event (All Events), from and to", async () => {
    const get = async (q: string) => (await request("GET", `/api/logs?${q}`)).json;
    assertEquals((await get("outcome=denied")).total, 20);
    assertEquals((await get("outcome=Success")).total, 40);
    assertEquals((await get("outcome=all")).total, 60);
    assertEquals((await get("event=Unlock")).total, 30);
    assertEquals((await get("action=Badge%20Scan")).total, 30);
    assertEquals((await get("event=all")).total, 60);
    assertEquals((await get("event=Unlock&outcome=denied&search=ann")).total, 10);
    const from = new Date(base + 5 * 60_000).toISOString();
    const to = new Date(base + 9 * 60_000).toISOString();
    const ranged = await get(`from=${from}&to=${to}`);
    assertEquals(ranged.total, 15, "minutes 5 to 9 inclusive, three events each");
    assert(ranged.items.every((e: Entry) => e.timestamp >= from && e.timestamp <= to));
    assertEquals((await get("from=2025-07-01&to=2025-07-02")).total, 60);
    assertEquals(
      await pages(`/api/logs?outcome=denied&limit=3`),
      (await sql`select id from access_logs where outcome = 'denied'
        order by timestamp desc, id desc`).map((r) => Number(r.id)),
    );
  });

  await t.step("bad queries are 400", async () => {
    const cases: [string, RegExp][] = [
      ["outcome=maybe", /^outcome: must be all, success or denied$/],
      ["limit=0", /^limit: must be at least 1$/],
      ["limit=201", /^limit: must be at most 200$/],
      ["limit=ten", /^limit: must be a whole number$/],
      ["cursor=nonsense", /^cursor: is not a valid cursor$/],
      [`cursor=${btoa("1.2.3")}`, /^cursor: is not a valid cursor$/],
      ["from=yesterday", /^from: must be an ISO date/],
      ["from=2025-07-02&to=2025-07-01", /^to: must not be before from$/],
      [`search=${"x".repeat(201)}`, /^search: must be at most 200 characters$/],
    ];
    for (const [q, message] of cases) {
      const res = await request("GET", `/api/logs?${q}`);
      assertEquals(res.status, 400, q);
      assertMatch(res.json.error, message);
    }
  });

  await t.step("user, room, device and group logs; unknown ids 404, bad ids 400", async () => {
    const totals = async (path: string) => (await request("GET", path)).json.total;
    assertEquals(await totals(`/api/users/${ann}/logs`), 30);
    assertEquals(await totals(`/api/users/${bob}/logs?outcome=denied`), 10);
    assertEquals(await totals(`/api/rooms/${hall.id}/logs`), 30);
    assertEquals(await totals(`/api/devices/${labDoor.id}/logs?search=bob`), 0);
    // The group log: what Staff's members (Ann) did in Staff's rooms (Lab).
    assertEquals(await totals(`/api/groups/${staff.id}/logs`), 30);
    await sql`insert into access_logs (user_id, room_id, action, outcome)
      values (${ann}, ${hall.id}, 'Unlock', 'success'), (${bob}, ${lab.id}, 'Unlock', 'success')`;
    assertEquals(await totals(`/api/groups/${staff.id}/logs`), 30, "other rooms, other people");
    assertEquals(
      await pages(`/api/users/${ann}/logs?limit=4&event=Unlock`),
      (await sql`select id from access_logs where user_id = ${ann} and action = 'Unlock'
        order by timestamp desc, id desc`).map((r) => Number(r.id)),
    );
    const missing: [string, string][] = [
      ["users", "User not found"],
      ["rooms", "Room not found"],
      ["devices", "Device not found"],
      ["groups", "Group not found"],
    ];
    for (const [kind, message] of missing) {
      const res = await request("GET", `/api/${kind}/999999/logs`);
      assertEquals(res.status, 404);
      assertEquals(res.json.error, message);
      assertEquals((await request("GET", `/api/${kind}/x/logs`)).status, 400);
      assertEquals((await request("GET", `/api/${kind}/999999/logs/export.csv`)).status, 404);
    }
    await sql`delete from access_logs where timestamp > ${new Date(base + 3_600_000)}`;
  });

  await t.step("rows written without names show the current names", async () => {
    await sql`insert into access_logs (user_id, device_id, room_id, action, outcome, timestamp)
      values (${bob}, ${hallDoor.id}, ${hall.id}, 'Unlock', 'success',
              ${new Date(base + 7_200_000)})`;
    const [entry] = (await request("GET", "/api/logs?limit=1")).json.items;
    assertEquals([entry.userName, entry.deviceName, entry.roomName], [
      "Bob Ray",
      "Hall Reader",
      "Hall",
    ]);
    await sql`delete from access_logs where timestamp = ${new Date(base + 7_200_000)}`;
  });

  await t.step("the events list holds each action once", async () => {
    const res = await request("GET", "/api/logs/events");
    assertEquals(res.json, ["Badge Scan", "Unlock"]);
  });

  await t.step("the total is capped for huge logs", async () => {
    await sql`insert into access_logs (action, outcome, timestamp)
      select 'Bulk', 'success', ${new Date(base - 86_400_000)}::timestamptz
      from generate_series(1, 1050)`;
    const res = await request("GET", "/api/logs?event=Bulk&limit=1");
    assertEquals([res.json.total, res.json.totalExact], [1_000, false]);
    await sql`delete from access_logs where action = 'Bulk'`;
  });
});

describeApp("access log CSV export", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const { request } = await login("admin@example.com");
  const [room] = await sql`insert into rooms (name) values ('Lab') returning id`;
  const base = Date.parse("2025-07-01T08:00:00.000Z");
  await sql`insert into access_logs (user_name, device_name, room_id, room_name,
      credential_type, action, outcome, reason, timestamp) values
    ('Ann "Nan" Lee', 'Door, North', ${room.id}, 'Lab', 'HID Prox', 'Unlock', 'success', null,
     ${new Date(base + 2000)}),
    ('=HYPERLINK("x")', 'Gate', null, null, null, 'Badge Scan', 'denied', ${"line1\nline2"},
     ${new Date(base + 1000)})`;
  // Enough rows to need several export batches.
  await sql`insert into access_logs (user_name, action, outcome, timestamp)
    select 'Bulk ' || n, 'Unlock', 'success', ${new Date(base)}::timestamptz - n * interval '1 s'
    from generate_series(1, 4500) n`;

  await t.step("all filtered rows, a header, quoting and formula guarding", async () => {
    const res = await request("GET", "/api/logs/export.csv?search=bulk");
    assertEquals(res.status, 200);
    assertMatch(res.headers.get("content-type")!, /^text\/csv/);
    assertEquals(
      res.headers.get("content-disposition"),
      'attachment; filename="access-logs.csv"',
    );
    const lines = res.text.split("\r\n");
    assertEquals(lines[0], "ID,Timestamp,User,Device,Room,Credential,Action,Outcome,Reason");
    assertEquals(lines.length, 1 + 4500 + 1, "header, rows, and the final line end");
    assertEquals(lines.at(-1), "");
    assertMatch(lines[1], /^\d+,2025-07-01T07:59:59\.000Z,Bulk 1,,,,Unlock,success,$/);
    assertMatch(lines[4500], /,Bulk 4500,/);
  });

  await t.step("escaping: quotes doubled, commas and line breaks quoted", async () => {
    const res = await request("GET", "/api/logs/export.csv?from=2025-07-01T08:00:00.500Z");
    const text = res.text;
    const rows = text.split("\r\n");
    assertMatch(
      rows[1],
      /^\d+,2025-07-01T08:00:02\.000Z,"Ann ""Nan"" Lee","Door, North",Lab,HID Prox,Unlock,success,$/,
    );
    assert(
      text.includes(`,"'=HYPERLINK(""x"")",Gate,,,Badge Scan,denied,"line1\nline2"\r\n`),
      text,
    );
    assertEquals(rows.length, 2 + 1 + 1, "the quoted line break stays inside its field");
  });

  await t.step("a scoped export names its file and holds only its rows", async () => {
    const res = await request("GET", `/api/rooms/${room.id}/logs/export.csv`);
    assertEquals(
      res.headers.get("content-disposition"),
      `attachment; filename="room-${room.id}-access-logs.csv"`,
    );
    assertEquals(res.text.split("\r\n").length, 3);
    const empty = await request("GET", "/api/logs/export.csv?search=nothing-matches");
    assertEquals(empty.text, "ID,Timestamp,User,Device,Room,Credential,Action,Outcome,Reason\r\n");
    assertEquals((await request("GET", "/api/logs/export.csv?outcome=x")).status, 400);
  });
});
