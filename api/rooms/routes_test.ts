import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("rooms", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const { request } = admin;

  let lobby = 0;
  await t.step("POST creates a room from the trimmed name; 201 with the room", async () => {
    const res = await request("POST", "/api/rooms", {
      body: { name: "  Lobby  ", description: "  Front door " },
    });
    assertEquals(res.status, 201);
    lobby = res.json.id;
    assert(Number.isInteger(lobby) && lobby > 0);
    assertEquals(res.json.name, "Lobby");
    assertEquals(res.json.description, "Front door");
    assertEquals(res.json.isActive, true);
    assertEquals(res.json.capacity, 15);
    assertEquals(res.json.deviceCount, 0);
    assertEquals(res.json.hasDashboard, false);
    assertMatch(res.json.updatedAt, /^\d{4}-\d\d-\d\dT.*Z$/);
  });

  await t.step("a blank description is stored as none; capacity may be given", async () => {
    const res = await request("POST", "/api/rooms", {
      body: { name: "Gym", description: "   ", capacity: 30 },
    });
    assertEquals(res.status, 201);
    assertEquals(res.json.description, null);
    assertEquals(res.json.capacity, 30);
  });

  const bad: [string, unknown, RegExp][] = [
    ["a missing name", {}, /^Room name is required$/],
    ["a blank name", { name: "   " }, /^Room name is required$/],
    ["a name that is not text", { name: 5 }, /Room name is required/],
    ["a too long name", { name: "x".repeat(201) }, /name: must be at most 200/],
    ["a bad capacity", { name: "A", capacity: 0 }, /capacity: must be positive/],
    ["a description that is not text", { name: "A", description: 3 }, /description/],
  ];
  for (const [what, payload, message] of bad) {
    await t.step(`POST with ${what} is 400`, async () => {
      const before = (await sql`select count(*)::int as n from rooms`)[0].n;
      const res = await request("POST", "/api/rooms", { body: payload });
      assertEquals(res.status, 400);
      assertMatch(res.json.error, message);
      assertEquals((await sql`select count(*)::int as n from rooms`)[0].n, before);
    });
  }

  await t.step("GET one; unknown is 404 'Room not found'; a non-numeric id is 400", async () => {
    const res = await request("GET", `/api/rooms/${lobby}`);
    assertEquals(res.status, 200);
    assertEquals(res.json.name, "Lobby");
    const missing = await request("GET", "/api/rooms/999999");
    assertEquals(missing.status, 404);
    assertEquals(missing.json, { error: "Room not found", code: "not_found" });
    for (const id of ["abc", "1.5", "-1", "0", "99999999999"]) {
      const res = await request("GET", `/api/rooms/${id}`);
      assertEquals(res.status, 400, id);
      assertMatch(res.json.error, /^id: /);
    }
  });

  await t.step("the list counts devices and marks rooms with a density device", async () => {
    await sql`insert into devices (name, device_id, type, room_id) values
      ('Door', 'R-1', 'lock', ${lobby}), ('Counter', 'R-2', 'density', ${lobby}),
      ('Loose', 'R-3', 'camera', null)`;
    const res = await request("GET", "/api/rooms");
    assertEquals(res.status, 200);
    assertEquals(res.json.map((r: { name: string }) => r.name), ["Gym", "Lobby"]);
    const row = res.json.find((r: { id: number }) => r.id === lobby);
    assertEquals(row.deviceCount, 2);
    assertEquals(row.hasDashboard, true);
    assertEquals(res.json.find((r: { name: string }) => r.name === "Gym").deviceCount, 0);
    assertEquals((await request("GET", `/api/rooms/${lobby}`)).json.hasDashboard, true);
  });

  await t.step(
    "PUT updates name and description; blank name is 'Room name is required'",
    async () => {
      const res = await request("PUT", `/api/rooms/${lobby}`, {
        body: { name: " Main Lobby ", description: "" },
      });
      assertEquals(res.status, 200);
      assertEquals(res.json.name, "Main Lobby");
      assertEquals(res.json.description, null);
      assertEquals(res.json.capacity, 15, "capacity left out stays");
      const blank = await request("PUT", `/api/rooms/${lobby}`, { body: { name: " " } });
      assertEquals(blank.status, 400);
      assertEquals(blank.json.error, "Room name is required");
      const missing = await request("PUT", "/api/rooms/999999", { body: { name: "X" } });
      assertEquals(missing.status, 404);
      assertEquals(missing.json.error, "Room not found");
    },
  );

  await t.step("PUT with If-Match: the current version passes, a stale one is 412", async () => {
    const current = (await request("GET", `/api/rooms/${lobby}`)).json;
    const ok = await request("PUT", `/api/rooms/${lobby}`, {
      body: { name: "Lobby", description: "v2" },
      headers: { "if-match": `"${current.updatedAt}"` },
    });
    assertEquals(ok.status, 200);
    assert(ok.json.updatedAt > current.updatedAt, "the version moved on");
    const stale = await request("PUT", `/api/rooms/${lobby}`, {
      body: { name: "Lost edit", description: null },
      headers: { "if-match": current.updatedAt },
    });
    assertEquals(stale.status, 412);
    assertEquals(stale.json.current.updatedAt, ok.json.updatedAt);
    assertEquals(stale.json.current.description, "v2");
    assertEquals((await request("GET", `/api/rooms/${lobby}`)).json.name, "Lobby");
  });

  await t.step("toggle-active flips both ways and answers the room", async () => {
    const off = await request("PATCH", `/api/rooms/${lobby}/toggle-active`);
    assertEquals(off.status, 200);
    assertEquals(off.json.isActive, false);
    assertEquals(off.json.id, lobby);
    const on = await request("PATCH", `/api/rooms/${lobby}/toggle-active`, { body: {} });
    assertEquals(on.json.isActive, true);
    assertEquals((await request("PATCH", "/api/rooms/999999/toggle-active")).status, 404);
  });

  await t.step("sensor-data without a density device: live false, figures null", async () => {
    const gym = (await request("GET", "/api/rooms")).json.find((r: { name: string }) =>
      r.name === "Gym"
    );
    const res = await request("GET", `/api/rooms/${gym.id}/sensor-data`);
    assertEquals(res.status, 200);
    assertEquals(res.json.live, false);
    assertEquals(res.json.capacity, 30);
    assertEquals(
      [
        res.json.currentOccupancy,
        res.json.averageDuration,
        res.json.peakUtilization,
        res.json.dailyVisitors,
      ],
      [null, null, null, null],
    );
    assertEquals((await request("GET", "/api/rooms/999999/sensor-data")).status, 404);
  });

  await t.step("sensor-data with a density device: real figures", async () => {
    const [counter] = await sql`select id from devices where device_id = 'R-2'`;
    await sql`insert into sensor_data (device_id, timestamp, count, event_type)
      values (${counter.id}, now() - interval '1 second', 6, 'occupancy')`;
    await sql`insert into access_logs (room_id, action, outcome, timestamp) values
      (${lobby}, 'Unlock', 'success', now() - interval '1 second'),
      (${lobby}, 'Unlock', 'denied', now() - interval '1 second')`;
    const res = await request("GET", `/api/rooms/${lobby}/sensor-data`);
    assertEquals(res.status, 200);
    assertEquals(res.json.live, true);
    assertEquals(res.json.currentOccupancy, 6);
    assertEquals(res.json.peakUtilization, 40); // 6 of 15
    assertEquals(typeof res.json.averageDuration, "number");
    // Right after midnight "1 second ago" is yesterday; otherwise one visit today.
    assert([0, 1].includes(res.json.dailyVisitors));
  });

  await t.step("DELETE frees the room's devices, drops its grants, keeps its log", async () => {
    const [group] = await sql`insert into groups (name) values ('Staff') returning id`;
    await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${lobby})`;
    await sql`insert into access_logs (room_id, room_name, action, outcome)
      values (${lobby}, 'Lobby', 'Unlock', 'success')`;
    const res = await request("DELETE", `/api/rooms/${lobby}`);
    assertEquals(res.status, 200);
    assertEquals(res.json, { success: true, id: lobby });
    assertEquals((await request("GET", `/api/rooms/${lobby}`)).status, 404);
    const devices = await sql`select device_id, room_id from devices where device_id in
      ('R-1', 'R-2') order by device_id`;
    assertEquals(devices.map((d) => d.roomId), [null, null]);
    assertEquals((await sql`select count(*)::int as n from group_rooms`)[0].n, 0);
    // The two rows written without a name got the room's name before it went.
    const logs = await sql`select room_id, room_name from access_logs`;
    assertEquals(logs.map((l) => [l.roomId, l.roomName]), [
      [null, "Lobby"],
      [null, "Lobby"],
      [null, "Lobby"],
    ]);
    assertEquals((await request("DELETE", `/api/rooms/${lobby}`)).status, 404);
  });

  await t.step("heldOpenSeconds: 60 by default, set by PUT, kept when left out, 10 to 3600", async () => {
    const made = await request("POST", "/api/rooms", { body: { name: "Loading Bay" } });
    assertEquals(made.json.heldOpenSeconds, 60);
    const set = await request("PUT", `/api/rooms/${made.json.id}`, { body: { name: "Loading Bay", heldOpenSeconds: 300 } });
    assertEquals([set.status, set.json.heldOpenSeconds], [200, 300]);
    const [event] = await sql`select changes from audit_events where action = 'room.update' and target_id = ${made.json.id}`;
    assertEquals(event.changes, { heldOpenSeconds: [60, 300] });
    const kept = await request("PUT", `/api/rooms/${made.json.id}`, { body: { name: "Loading Bay 2" } });
    assertEquals(kept.json.heldOpenSeconds, 300);
    for (const bad of [9, 3601, 60.5, "60", null]) {
      const res = await request("PUT", `/api/rooms/${made.json.id}`, { body: { name: "Loading Bay", heldOpenSeconds: bad } });
      assertEquals([res.status, res.json.error], [400, "heldOpenSeconds: must be a number of seconds from 10 to 3600"], String(bad));
    }
    assertEquals((await request("GET", `/api/rooms/${made.json.id}`)).json.heldOpenSeconds, 300);
  });
});

