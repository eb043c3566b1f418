import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("group rooms", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const { request } = await login("admin@example.com");
  const [group] = await sql`insert into groups (name) values ('Staff') returning id`;
  const rooms = await sql`insert into rooms (name, is_active) values
    ('Lab', true), ('Annex', false), ('Atrium', true) returning id, name`;
  const room = (name: string) => rooms.find((r) => r.name === name)!.id as number;
  const names = async () =>
    (await request("GET", `/api/groups/${group.id}/rooms`)).json.map((r: { name: string }) =>
      r.name
    );

  await t.step("a new group has no rooms; an unknown group is 404", async () => {
    const res = await request("GET", `/api/groups/${group.id}/rooms`);
    assertEquals(res.status, 200);
    assertEquals(res.json, []);
    const missing = await request("GET", "/api/groups/999999/rooms");
    assertEquals(missing.status, 404);
    assertEquals(missing.json.error, "Group not found");
    assertEquals((await request("GET", "/api/groups/x/rooms")).status, 400);
  });

  await t.step("POST adds an active room: 201 with the room, then listed by name", async () => {
    const res = await request("POST", `/api/groups/${group.id}/rooms/${room("Lab")}`);
    assertEquals(res.status, 201);
    assertEquals(res.json.id, room("Lab"));
    assertEquals(res.json.name, "Lab");
    assertEquals(
      (await request("POST", `/api/groups/${group.id}/rooms/${room("Atrium")}`)).status,
      201,
    );
    assertEquals(await names(), ["Atrium", "Lab"]);
  });

  await t.step("adding a room the group has is harmless: 200, still one grant", async () => {
    const res = await request("POST", `/api/groups/${group.id}/rooms/${room("Lab")}`);
    assertEquals(res.status, 200);
    assertEquals(res.json.name, "Lab");
    assertEquals(
      (await sql`select count(*)::int as n from group_rooms where room_id = ${room("Lab")}`)[0].n,
      1,
    );
  });

  await t.step(
    "only active rooms can be added (409); unknown ids are 404; bad ids 400",
    async () => {
      const inactive = await request("POST", `/api/groups/${group.id}/rooms/${room("Annex")}`);
      assertEquals(inactive.status, 409);
      assertEquals(inactive.json.error, "Only active rooms can be added to a group");
      const noRoom = await request("POST", `/api/groups/${group.id}/rooms/999999`);
      assertEquals(noRoom.status, 404);
      assertEquals(noRoom.json.error, "Room not found");
      const noGroup = await request("POST", `/api/groups/999999/rooms/${room("Lab")}`);
      assertEquals(noGroup.status, 404);
      assertEquals(noGroup.json.error, "Group not found");
      assertEquals((await request("POST", `/api/groups/${group.id}/rooms/abc`)).status, 400);
      assertEquals(await names(), ["Atrium", "Lab"]);
    },
  );

  await t.step("DELETE removes the room from the group; a room it lacks is 404", async () => {
    const res = await request("DELETE", `/api/groups/${group.id}/rooms/${room("Lab")}`);
    assertEquals(res.status, 200);
    assertEquals(res.json, { success: true, groupId: group.id, roomId: room("Lab") });
    assertEquals(await names(), ["Atrium"]);
    const again = await request("DELETE", `/api/groups/${group.id}/rooms/${room("Lab")}`);
    assertEquals(again.status, 404);
    assertEquals(again.json.error, "This room is not in this group");
    assertEquals(
      (await request("DELETE", `/api/groups/999999/rooms/${room("Lab")}`)).json.error,
      "Group not found",
    );
    assertEquals(
      (await request("DELETE", `/api/groups/${group.id}/rooms/999999`)).json.error,
      "Room not found",
    );
    assertEquals((await request("DELETE", `/api/groups/${group.id}/rooms/0`)).status, 400);
  });

  await t.step("a deactivated room stays listed until removed", async () => {
    await request("PATCH", `/api/rooms/${room("Atrium")}/toggle-active`);
    const res = await request("GET", `/api/groups/${group.id}/rooms`);
    assertEquals(res.json.map((r: { isActive: boolean }) => r.isActive), [false]);
  });

  await t.step("a grant's schedule: POST with one, GET names it, PUT changes it, Always is null", async () => {
    const week = { monday: [{ start: "09:00", end: "17:00" }] };
    const days = (await request("POST", "/api/schedules", { body: { name: "Days", timeZone: "UTC", weekly: week } })).json;
    const nights = (await request("POST", "/api/schedules", { body: { name: "Nights", timeZone: "UTC", weekly: {} } })).json;
    const lab = room("Lab");
    const added = await request("POST", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: days.id } });
    assertEquals(added.status, 201, added.text);
    assertEquals([added.json.scheduleId, added.json.scheduleName], [days.id, "Days"]);
    const listed = (await request("GET", `/api/groups/${group.id}/rooms`)).json.find((r: { id: number }) => r.id === lab);
    assertEquals([listed.scheduleId, listed.scheduleName], [days.id, "Days"]);
    const [{ since }] = await sql`select max(id)::int as since from audit_events`;
    // Added again without a schedule: the grant stays as it is; with one, it is replaced.
    assertEquals((await request("POST", `/api/groups/${group.id}/rooms/${lab}`)).json.scheduleId, days.id);
    const moved = await request("POST", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: nights.id } });
    assertEquals([moved.status, moved.json.scheduleName], [200, "Nights"]);
    const put = await request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: null } });
    assertEquals([put.status, put.json.scheduleId, put.json.scheduleName], [200, null, null]);
    await request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: null } });
    // Every event names the room, also where the grant stays (as [room, room]).
    const events = await sql`select action, target_id, changes from audit_events where id > ${since} order by id`;
    const labNamed = { id: lab, name: "Lab" };
    const nightsNamed = { id: nights.id, name: "Nights" };
    assertEquals(events.map((e) => [e.action, e.targetId, e.changes]), [
      ["group.room.add", group.id, { room: [labNamed, labNamed] }],
      ["group.room.add", group.id, { room: [labNamed, labNamed], schedule: [{ id: days.id, name: "Days" }, nightsNamed] }],
      ["group.room.update", group.id, { room: [labNamed, labNamed], schedule: [nightsNamed, null] }],
      ["group.room.update", group.id, { room: [labNamed, labNamed] }],
    ]);
  });

  await t.step("PUT of a grant: 404 for a room not in the group, 400 for an unknown schedule or a bad body", async () => {
    const [other] = await sql`insert into rooms (name) values ('Vault') returning id`;
    const missing = await request("PUT", `/api/groups/${group.id}/rooms/${other.id}`, { body: { scheduleId: null } });
    assertEquals([missing.status, missing.json.error], [404, "This room is not in this group"]);
    const lab = room("Lab");
    const unknown = await request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: 999999 } });
    assertEquals([unknown.status, unknown.json.error], [400, "Schedule not found"]);
    for (const body of [{}, { scheduleId: "1" }, { scheduleId: 1.5 }, { scheduleId: 0 }]) {
      const bad = await request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body });
      assertEquals([bad.status, bad.json.error], [400, "Schedule must be a schedule's id or null"], JSON.stringify(body));
    }
    const post = await request("POST", `/api/groups/${group.id}/rooms/${other.id}`, { body: { scheduleId: 999999 } });
    assertEquals([post.status, post.json.error], [400, "Schedule not found"]);
    assertEquals((await sql`select count(*)::int as n from group_rooms where room_id = ${other.id}`)[0].n, 0);
  });

  await t.step("PUT of a grant honours If-Match on the grant's version (grantUpdatedAt): 412 with the current grant when stale", async () => {
    const lab = room("Lab");
    const days = (await request("GET", "/api/schedules")).json.find((s: { name: string }) => s.name === "Days");
    const grant = async () => (await request("GET", `/api/groups/${group.id}/rooms`)).json.find((r: { id: number }) => r.id === lab);
    const put = (scheduleId: number | null, version: string) =>
      request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId }, headers: { "if-match": `"${version}"` } });
    const before = await grant();
    assertEquals(typeof before.grantUpdatedAt, "string");
    // The room's own version is not the grant's: a room edit does not move it.
    await request("PUT", `/api/rooms/${lab}`, { body: { name: "Lab", description: "edited" } });
    const afterRoomEdit = await grant();
    assertEquals(afterRoomEdit.grantUpdatedAt, before.grantUpdatedAt);
    // Current version: the change goes through and the version moves on.
    const done = await put(days.id, before.grantUpdatedAt);
    assertEquals([done.status, done.json.scheduleId], [200, days.id], done.text);
    assertEquals(done.json.grantUpdatedAt > before.grantUpdatedAt, true);
    assertEquals((await grant()).grantUpdatedAt, done.json.grantUpdatedAt);
    // The old version (or the room's) is stale: 412 with the grant as it is now; nothing changes.
    const events = async () => (await sql`select count(*)::int as n from audit_events`)[0].n;
    const recorded = await events();
    for (const version of [before.grantUpdatedAt, afterRoomEdit.updatedAt, "not a time"]) {
      const stale = await put(null, version);
      assertEquals([stale.status, stale.json.code, stale.json.current.id, stale.json.current.scheduleId, stale.json.current.grantUpdatedAt], [
        412,
        "stale",
        lab,
        days.id,
        done.json.grantUpdatedAt,
      ], version);
    }
    assertEquals([(await grant()).scheduleId, await events()], [days.id, recorded]);
    // Without If-Match, or with *, the change is unconditional (as for every PUT).
    assertEquals((await request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: null }, headers: { "if-match": "*" } })).status, 200);
    assertEquals((await request("PUT", `/api/groups/${group.id}/rooms/${lab}`, { body: { scheduleId: null } })).status, 200);
  });
});
