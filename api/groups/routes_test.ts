import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import type { Queries } from "../db/connect.ts";

const count = async (sql: Queries, table: string) =>
  (await sql`select count(*)::int as n from ${sql(table)}`)[0].n as number;

describeApp("groups: happy paths", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const annId = await addUser(sql, { email: "ann@example.com", firstName: "Ann", lastName: "Lee" });
  const bobId = await addUser(sql, { email: "bob@example.com", firstName: "Bob", lastName: "Ray" });
  let id = 0;

  await t.step("POST /api/groups creates a group with a trimmed name (201)", async () => {
    const res = await admin.request("POST", "/api/groups", { body: { name: "  Engineering " } });
    assertEquals(res.status, 201);
    id = res.json.id;
    assertEquals(typeof id, "number");
    assertEquals(res.json.name, "Engineering");
    assertEquals(res.json.description, null);
    assertEquals(res.json.isActive, true);
    assertEquals(res.json.userCount, 0);
    assertEquals(res.json.roomCount, 0);
  });

  await t.step("POST takes description and isActive too", async () => {
    const res = await admin.request("POST", "/api/groups", {
      body: { name: "Visitors", description: " Day visitors ", isActive: false },
    });
    assertEquals(res.status, 201);
    assertEquals(res.json.description, "Day visitors");
    assertEquals(res.json.isActive, false);
  });

  await t.step("GET /api/groups/:id answers the group", async () => {
    const res = await admin.request("GET", `/api/groups/${id}`);
    assertEquals(res.status, 200);
    assertEquals(res.json.name, "Engineering");
  });

  await t.step("POST /api/groups/:id/users/:userId adds a member (201), again is 200", async () => {
    const res = await admin.request("POST", `/api/groups/${id}/users/${annId}`);
    assertEquals(res.status, 201);
    assertEquals(res.json.id, annId);
    assertEquals(res.json.email, "ann@example.com");
    const again = await admin.request("POST", `/api/groups/${id}/users/${annId}`);
    assertEquals(again.status, 200);
    assertEquals(again.json.id, annId);
    assertEquals((await admin.request("POST", `/api/groups/${id}/users/${bobId}`)).status, 201);
    // Each add names the member; the repeated one as it stays, [member, member].
    const events = await sql<{ targetId: number; changes: Record<string, unknown> }[]>`
      select target_id, changes from audit_events where action = 'group.member.add' order by id`;
    const ann = { id: annId, name: "Ann Lee" };
    assertEquals(events.map((e) => [e.targetId, e.changes]), [
      [id, { member: [null, ann] }],
      [id, { member: [ann, ann] }],
      [id, { member: [null, { id: bobId, name: "Bob Ray" }] }],
    ]);
  });

  await t.step("GET /api/groups/:id/users lists the members by name", async () => {
    const res = await admin.request("GET", `/api/groups/${id}/users`);
    assertEquals(res.status, 200);
    assertEquals(res.json.map((u: { firstName: string }) => u.firstName), ["Ann", "Bob"]);
    assertEquals(
      Object.keys(res.json[0]).sort(),
      ["addedAt", "email", "firstName", "id", "isActive", "lastName", "updatedAt"],
    );
  });

  await t.step("GET /api/groups/with-counts counts members and rooms in one list", async () => {
    const [room] = await sql`insert into rooms (name) values ('Lab') returning id`;
    await sql`insert into group_rooms (group_id, room_id) values (${id}, ${room.id})`;
    const res = await admin.request("GET", "/api/groups/with-counts");
    assertEquals(res.status, 200);
    const byName = Object.fromEntries(
      res.json.map((g: { name: string; userCount: number; roomCount: number }) => [
        g.name,
        [g.userCount, g.roomCount],
      ]),
    );
    assertEquals(byName, { Admin: [1, 0], Engineering: [2, 1], Visitors: [0, 0] });
    assertEquals(res.json.map((g: { name: string }) => g.name), [
      "Admin",
      "Engineering",
      "Visitors",
    ]);
  });

  await t.step("GET /api/groups is the plain list", async () => {
    const res = await admin.request("GET", "/api/groups");
    assertEquals(res.status, 200);
    assertEquals(res.json.length, 3);
    assertEquals(
      Object.keys(res.json[0]).sort(),
      ["createdAt", "description", "id", "isActive", "lockdownOverride", "name", "updatedAt"],
    );
  });

  await t.step("PUT /api/groups/:id edits name and description, If-Match honoured", async () => {
    const before = (await admin.request("GET", `/api/groups/${id}`)).json;
    const res = await admin.request("PUT", `/api/groups/${id}`, {
      body: { name: " Engineers ", description: " Lab and server room " },
      headers: { "if-match": `W/"${before.updatedAt}"` },
    });
    assertEquals(res.status, 200);
    assertEquals(res.json.name, "Engineers");
    assertEquals(res.json.description, "Lab and server room");
    assert(res.json.updatedAt > before.updatedAt, "the version moved on");
  });

  await t.step("PATCH toggle-active answers the group with isActive, both ways", async () => {
    const off = await admin.request("PATCH", `/api/groups/${id}/toggle-active`);
    assertEquals(off.status, 200);
    assertEquals(off.json.id, id);
    assertEquals(off.json.isActive, false);
    assertEquals(off.json.userCount, 2, "members stay, they just gain nothing");
    const on = await admin.request("PATCH", `/api/groups/${id}/toggle-active`);
    assertEquals(on.json.isActive, true);
  });

  await t.step("DELETE /api/groups/:id/users/:userId removes a member", async () => {
    const res = await admin.request("DELETE", `/api/groups/${id}/users/${bobId}`);
    assertEquals(res.status, 200);
    assertEquals(res.json, { success: true, groupId: id, userId: bobId });
    const members = (await admin.request("GET", `/api/groups/${id}/users`)).json;
    assertEquals(members.map((u: { id: number }) => u.id), [annId]);
    assertEquals((await admin.request("GET", `/api/users/${bobId}`)).status, 200, "user stays");
  });

  await t.step(
    "DELETE /api/groups/:id deletes the group, its memberships and room grants",
    async () => {
      const res = await admin.request("DELETE", `/api/groups/${id}`);
      assertEquals(res.status, 200);
      assertEquals(res.json, { success: true, id });
      assertEquals((await admin.request("GET", `/api/groups/${id}`)).status, 404);
      const [left] = await sql`select
      (select count(*) from user_groups where group_id = ${id})::int as members,
      (select count(*) from group_rooms where group_id = ${id})::int as rooms,
      (select count(*) from users where id = ${annId})::int as ann`;
      assertEquals({ ...left }, { members: 0, rooms: 0, ann: 1 });
    },
  );
});

describeApp("groups: a deactivated group grants nothing", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  await addUser(sql, { email: "boss@example.com", admin: true });
  const boss = await login("boss@example.com");

  await t.step("membership of an inactive group named Admin gives no admin rights", async () => {
    // Straight in the database: the API refuses to make this state (admins_test.ts).
    await sql`update groups set is_active = false where name = 'Admin'`;
    assertEquals((await boss.request("GET", "/api/users")).status, 403);
    await sql`update groups set is_active = true where name = 'Admin'`;
    assertEquals((await boss.request("GET", "/api/users")).status, 200);
  });
});

describeApp("groups: errors", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const annId = await addUser(sql, { email: "ann@example.com" });
  const goneId = await addUser(sql, { email: "gone@example.com", isActive: false });
  const created = await admin.request("POST", "/api/groups", {
    body: { name: "Staff", description: "Everyone" },
  });
  const id = created.json.id as number;

  const badCreates: [string, unknown, string][] = [
    ["no name", {}, "Group name is required"],
    ["a blank name", { name: "   " }, "Group name is required"],
    ["a name that is not text", { name: 5 }, "Group name is required"],
    ["an oversized name", { name: "x".repeat(101) }, "Group name must be at most 100 characters"],
    ["a description that is not text", { name: "G", description: 5 }, "Description must be text"],
    [
      "an isActive that is not a boolean",
      { name: "G", isActive: "yes" },
      "isActive must be true or false",
    ],
  ];
  for (const [what, body, message] of badCreates) {
    await t.step(`POST /api/groups with ${what} is 400 "${message}"`, async () => {
      const before = await count(sql, "groups");
      const res = await admin.request("POST", "/api/groups", { body });
      assertEquals(res.status, 400);
      assertEquals(res.json.error, message);
      assertEquals(await count(sql, "groups"), before);
    });
  }

  await t.step("a taken group name (any case) is 409, on create and on rename", async () => {
    const res = await admin.request("POST", "/api/groups", { body: { name: " staff " } });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "A group with this name already exists");
    const other = await admin.request("POST", "/api/groups", { body: { name: "Other" } });
    const rename = await admin.request("PUT", `/api/groups/${other.json.id}`, {
      body: { name: "STAFF", description: "x" },
    });
    assertEquals(rename.status, 409);
    assertEquals(rename.json.error, "A group with this name already exists");
  });

  const badEdits: [string, unknown][] = [
    ["no description", { name: "Staff" }],
    ["a blank description", { name: "Staff", description: "  " }],
    ["a blank name", { name: "", description: "Everyone" }],
    ["nothing", {}],
    ["a null description", { name: "Staff", description: null }],
  ];
  for (const [what, body] of badEdits) {
    await t.step(`PUT /api/groups/:id with ${what} is 400`, async () => {
      const res = await admin.request("PUT", `/api/groups/${id}`, { body });
      assertEquals(res.status, 400);
      assertEquals(res.json.error, "Group name and description are required.");
    });
  }

  await t.step("PUT with a stale If-Match is 412 with the current version", async () => {
    const current = (await admin.request("GET", `/api/groups/${id}`)).json;
    await admin.request("PUT", `/api/groups/${id}`, {
      body: { name: "Staff", description: "Moved on" },
    });
    const res = await admin.request("PUT", `/api/groups/${id}`, {
      body: { name: "Stale", description: "Edit" },
      headers: { "if-match": `"${current.updatedAt}"` },
    });
    assertEquals(res.status, 412);
    assertEquals(res.json.current.description, "Moved on");
    assertEquals(res.json.current.id, id);
    assertEquals((await admin.request("GET", `/api/groups/${id}`)).json.name, "Staff");
  });

  const missing = 999_999;
  for (
    const [method, path] of [
      ["GET", `/api/groups/${missing}`],
      ["PUT", `/api/groups/${missing}`],
      ["PATCH", `/api/groups/${missing}/toggle-active`],
      ["DELETE", `/api/groups/${missing}`],
      ["GET", `/api/groups/${missing}/users`],
      ["POST", `/api/groups/${missing}/users/${annId}`],
      ["DELETE", `/api/groups/${missing}/users/${annId}`],
    ]
  ) {
    await t.step(`${method} ${path} for an unknown group is 404 "Group not found"`, async () => {
      const body = method === "PUT" ? { name: "N", description: "D" } : undefined;
      const res = await admin.request(method, path, { body });
      assertEquals(res.status, 404);
      assertEquals(res.json.error, "Group not found");
    });
  }

  await t.step('adding an unknown user is 404 "User not found"', async () => {
    const res = await admin.request("POST", `/api/groups/${id}/users/${missing}`);
    assertEquals(res.status, 404);
    assertEquals(res.json.error, "User not found");
  });

  await t.step("adding a deactivated user is 409 and adds nothing", async () => {
    const res = await admin.request("POST", `/api/groups/${id}/users/${goneId}`);
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "Only active users can be added to a group");
    assertEquals((await admin.request("GET", `/api/groups/${id}/users`)).json, []);
  });

  await t.step("removing someone who is not a member is 404", async () => {
    const res = await admin.request("DELETE", `/api/groups/${id}/users/${annId}`);
    assertEquals(res.status, 404);
    assertEquals(res.json.error, "This user is not a member of this group");
  });

  await t.step("bad ids are 400", async () => {
    assertMatch((await admin.request("GET", "/api/groups/abc")).json.error, /^id: /);
    const res = await admin.request("POST", `/api/groups/${id}/users/x`);
    assertEquals(res.status, 400);
    assertMatch(res.json.error, /^userId: /);
  });

  await t.step("a member gets 403 on every groups call and changes nothing", async () => {
    const member = await login("ann@example.com");
    for (
      const [method, path] of [
        ["GET", "/api/groups"],
        ["GET", "/api/groups/with-counts"],
        ["GET", `/api/groups/${id}`],
        ["POST", `/api/groups/${id}/users/${annId}`],
        ["PATCH", `/api/groups/${id}/toggle-active`],
        ["DELETE", `/api/groups/${id}`],
      ]
    ) {
      const res = await member.request(method, path);
      assertEquals(res.status, 403, `${method} ${path}`);
    }
    assertEquals((await admin.request("GET", `/api/groups/${id}`)).json.isActive, true);
    assertEquals((await admin.request("GET", `/api/groups/${id}/users`)).json, []);
  });
});
