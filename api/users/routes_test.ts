import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp, TEST_PASSWORD } from "../testing/test_app.ts";
import type { Queries } from "../db/connect.ts";

const count = async (sql: Queries, table: string) =>
  (await sql`select count(*)::int as n from ${sql(table)}`)[0].n as number;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeApp("users: happy paths", async (t, { sql, login, request }) => {
  await addUser(sql, {
    email: "admin@example.com",
    firstName: "Ada",
    lastName: "Admin",
    admin: true,
  });
  const admin = await login("admin@example.com");
  const newUser = {
    firstName: " Nina ",
    lastName: "New",
    email: " Nina.New@Example.com ",
    password: "long enough",
  };
  let id = 0;

  await t.step(
    "POST /api/users creates the user: 201 with id, trimmed, e-mail lower-cased",
    async () => {
      const res = await admin.request("POST", "/api/users", { body: newUser });
      assertEquals(res.status, 201);
      id = res.json.id;
      assertEquals(typeof id, "number");
      assertEquals(res.json.firstName, "Nina");
      assertEquals(res.json.email, "nina.new@example.com");
      assertEquals(res.json.isActive, true);
      assertEquals(res.json.isAdmin, false);
      assertEquals(res.json.groups, []);
      assertMatch(res.json.createdAt, ISO);
      assertMatch(res.json.updatedAt, ISO);
      assert(!("password" in res.json) && !("passwordHash" in res.json), "no password");
    },
  );

  await t.step("the new user can sign in with the password the admin chose", async () => {
    const res = await request("POST", "/api/auth/login", {
      body: { email: "nina.new@example.com", password: "long enough" },
    });
    assertEquals(res.status, 200);
  });

  await t.step("GET /api/users lists users with groups, never password hashes", async () => {
    const [group] = await sql`insert into groups (name) values ('Staff') returning id`;
    await sql`insert into user_groups (user_id, group_id) values (${id}, ${group.id})`;
    const res = await admin.request("GET", "/api/users");
    assertEquals(res.status, 200);
    assertEquals(res.json.length, 2);
    const [ada, nina] = res.json;
    assertEquals(ada.isAdmin, true);
    assertEquals(ada.groups.map((g: { name: string }) => g.name), ["Admin"]);
    assertEquals(nina.groups, [{ id: group.id, name: "Staff", isActive: true }]);
    assertEquals(
      Object.keys(nina).sort(),
      [
        "createdAt",
        "email",
        "firstName",
        "groups",
        "id",
        "isActive",
        "isAdmin",
        "lastName",
        "stripeVerificationStatus",
        "stripeVerifiedAt",
        "updatedAt",
      ],
    );
    assert(!res.text.includes("argon2"), "no hash in the answer");
  });

  await t.step("each list entry is exactly what GET /api/users/:id answers", async () => {
    // Groups in name order (case-insensitive) whatever the order joined, an inactive
    // one included; times with microseconds; a verified time set.
    const groups = await sql<{ id: number }[]>`insert into groups (name, is_active)
      values ('zeta', true), ('Beta', false), ('alpha', true), ('beta 2', true) returning id`;
    for (const group of groups) {
      await sql`insert into user_groups (user_id, group_id) values (${id}, ${group.id})`;
    }
    await sql`update users set stripe_verification_status = 'verified',
      stripe_verified_at = '2026-03-29 01:30:00.123999+00', created_at = '2025-10-26 02:59:59.999999+02'
      where id = ${id}`;
    const list = await admin.request("GET", "/api/users");
    for (const listed of list.json) {
      const single = await admin.request("GET", `/api/users/${listed.id}`);
      assertEquals(listed, single.json);
    }
    const nina = list.json.find((u: { id: number }) => u.id === id);
    assertEquals(
      nina.groups.map((g: { name: string; isActive: boolean }) => `${g.name}:${g.isActive}`),
      ["alpha:true", "Beta:false", "beta 2:true", "Staff:true", "zeta:true"],
    );
    assertEquals(nina.stripeVerifiedAt, "2026-03-29T01:30:00.124Z", "rounded to the millisecond");
    assertEquals(nina.createdAt, "2025-10-26T01:00:00.000Z", "rounded, carrying into the hour");
    await sql`delete from user_groups where user_id = ${id} and group_id in ${
      sql(groups.map((g) => g.id))
    }`;
    await sql`delete from groups where id in ${sql(groups.map((g) => g.id))}`;
  });

  await t.step("GET /api/users/:id answers the user", async () => {
    const res = await admin.request("GET", `/api/users/${id}`);
    assertEquals(res.status, 200);
    assertEquals(res.json.id, id);
    assertEquals(res.json.lastName, "New");
    assertEquals(res.json.groups.length, 1);
  });

  await t.step(
    "PUT /api/users/:id edits names and e-mail and answers the new version",
    async () => {
      const before = (await admin.request("GET", `/api/users/${id}`)).json;
      const res = await admin.request("PUT", `/api/users/${id}`, {
        body: { firstName: "Nina ", lastName: " Newer", email: "NINA@example.com" },
        headers: { "if-match": `"${before.updatedAt}"` },
      });
      assertEquals(res.status, 200);
      assertEquals(res.json.firstName, "Nina");
      assertEquals(res.json.lastName, "Newer");
      assertEquals(res.json.email, "nina@example.com");
      assert(res.json.updatedAt > before.updatedAt, "the version moved on");
    },
  );

  await t.step("PUT without If-Match also edits (last write wins)", async () => {
    const res = await admin.request("PUT", `/api/users/${id}`, {
      body: { firstName: "Nina", lastName: "New", email: "nina@example.com" },
    });
    assertEquals(res.status, 200);
    assertEquals(res.json.lastName, "New");
  });

  await t.step("PUT keeping the same e-mail in another case is not a clash", async () => {
    const res = await admin.request("PUT", `/api/users/${id}`, {
      body: { firstName: "Nina", lastName: "New", email: "Nina@Example.com" },
    });
    assertEquals(res.status, 200);
  });

  await t.step("GET /api/users/verification-statuses maps every user id", async () => {
    await sql`update users set stripe_verification_status = 'verified',
      stripe_verified_at = now() where id = ${id}`;
    const res = await admin.request("GET", "/api/users/verification-statuses");
    assertEquals(res.status, 200);
    assertEquals(res.json[id], { verified: true, status: "verified" });
    assertEquals(res.json[admin.user.id], { verified: false, status: null });
  });

  await t.step("GET /api/users/:id/verification-status answers the spec's fields", async () => {
    await sql`update users set stripe_verification_session_id = 'vs_123',
      stripe_verified_at = '2025-03-04T05:06:07.089Z' where id = ${id}`;
    const res = await admin.request("GET", `/api/users/${id}/verification-status`);
    assertEquals(res.status, 200);
    assertEquals(res.json, {
      verified: true,
      status: "verified",
      verificationUrl: "https://dashboard.stripe.com/identity/verification-sessions/vs_123",
      verificationDate: "2025-03-04T05:06:07.089Z",
      lastError: null,
    });
    const none = await admin.request("GET", `/api/users/${admin.user.id}/verification-status`);
    assertEquals(none.json, {
      verified: false,
      status: null,
      verificationUrl: null,
      verificationDate: null,
      lastError: null,
    });
  });

  // The verification flow's own columns (issue 6) arrive with its migration.
  const [{ flowColumns }] = await sql`select count(*)::int = 2 as flow_columns
    from information_schema.columns where table_name = 'users'
      and column_name in ('stripe_verification_url', 'stripe_verification_error_message')`;
  await t.step({
    name: "an in-progress verification links its hosted page and shows its last error",
    ignore: !flowColumns,
    fn: async () => {
      await sql`update users set stripe_verification_status = 'requires_input',
        stripe_verified_at = null, ${sql("stripeVerificationUrl")} = 'https://verify.test/vs_123',
        ${sql("stripeVerificationErrorMessage")} = 'The document was unreadable'
        where id = ${id}`;
      const res = await admin.request("GET", `/api/users/${id}/verification-status`);
      assertEquals(res.json.verified, false);
      assertEquals(res.json.verificationUrl, "https://verify.test/vs_123");
      assertEquals(res.json.lastError.message, "The document was unreadable");
    },
  });

  await t.step("in-progress and canceled statuses are not verified", async () => {
    for (const status of ["requires_input", "canceled", "processing"]) {
      await sql`update users set stripe_verification_status = ${status} where id = ${id}`;
      const res = await admin.request("GET", `/api/users/${id}/verification-status`);
      assertEquals(res.json.verified, false);
      assertEquals(res.json.status, status);
    }
  });

  await t.step("GET /api/users/:id/groups lists the user's groups", async () => {
    const res = await admin.request("GET", `/api/users/${id}/groups`);
    assertEquals(res.status, 200);
    assertEquals(res.json.length, 1);
    assertEquals(
      Object.keys(res.json[0]).sort(),
      ["createdAt", "description", "id", "isActive", "name", "updatedAt"],
    );
    assertEquals(res.json[0].name, "Staff");
  });

  await t.step("a member reads their own groups; an inactive group shows as inactive", async () => {
    await sql`update groups set is_active = false where name = 'Staff'`;
    const nina = await login("nina@example.com", "long enough");
    const res = await nina.request("GET", `/api/users/${id}/groups`);
    assertEquals(res.status, 200);
    assertEquals(res.json.map((g: { name: string; isActive: boolean }) => [g.name, g.isActive]), [
      ["Staff", false],
    ]);
  });

  await t.step("a user without groups has an empty list", async () => {
    const other = await addUser(sql, { email: "lonely@example.com" });
    const res = await admin.request("GET", `/api/users/${other}/groups`);
    assertEquals(res.status, 200);
    assertEquals(res.json, []);
  });

  await t.step("POST /api/users/:id/resend-invitation records the invitation (202)", async () => {
    const res = await admin.request("POST", `/api/users/${id}/resend-invitation`);
    assertEquals(res.status, 202);
    assertEquals(res.json.queued, true);
    assertEquals(res.json.userId, id);
    assertEquals(res.json.email, "nina@example.com");
    assertEquals(res.json.status, "queued");
    assertMatch(res.json.queuedAt, ISO);
    const [row] = await sql`select user_id, email, invited_by, status from invitations
      where id = ${res.json.invitationId}`;
    assertEquals({ ...row }, {
      userId: id,
      email: "nina@example.com",
      invitedBy: admin.user.id,
      status: "queued",
    });
  });
});

describeApp("users: errors", async (t, { sql, login }) => {
  const adminId = await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const taken = await addUser(sql, { email: "Taken@Example.com" });
  const good = {
    firstName: "Ann",
    lastName: "Lee",
    email: "ann@example.com",
    password: "long enough",
  };

  const badCreates: [string, unknown, string][] = [
    ["a short password", { ...good, password: "short" }, "Password must be at least 8 characters"],
    ["an empty password", { ...good, password: "" }, "Password must be at least 8 characters"],
    ["an invalid e-mail", { ...good, email: "not-an-email" }, "Please enter a valid email address"],
    [
      "an e-mail without a domain",
      { ...good, email: "ann@" },
      "Please enter a valid email address",
    ],
    ["a missing first name", { ...good, firstName: undefined }, "First name is required"],
    ["a blank last name", { ...good, lastName: "   " }, "Last name is required"],
    ["a missing e-mail", { ...good, email: undefined }, "Email is required"],
    ["a missing password", { ...good, password: undefined }, "Password is required"],
    ["a name that is not text", { ...good, firstName: 42 }, "First name is required"],
    [
      "an oversized password",
      { ...good, password: "p".repeat(129) },
      "Password must be at most 128 characters",
    ],
  ];
  for (const [what, body, message] of badCreates) {
    await t.step(
      `POST /api/users with ${what} is 400 "${message}" and creates nothing`,
      async () => {
        const before = await count(sql, "users");
        const res = await admin.request("POST", "/api/users", { body });
        assertEquals(res.status, 400);
        assertEquals(res.json.error, message);
        assertEquals(await count(sql, "users"), before);
      },
    );
  }

  await t.step("POST /api/users with nothing names every missing field", async () => {
    const res = await admin.request("POST", "/api/users", { body: {} });
    assertEquals(res.status, 400);
    assertEquals(
      res.json.error,
      "First name is required; Last name is required; Email is required; Password is required",
    );
  });

  await t.step("POST /api/users with a non-object body is 400", async () => {
    const res = await admin.request("POST", "/api/users", { body: [good] });
    assertEquals(res.status, 400);
    assertEquals(res.json.error, "Request body must be a JSON object");
  });

  await t.step("POST /api/users with a taken e-mail (any case) is 409", async () => {
    const before = await count(sql, "users");
    const res = await admin.request("POST", "/api/users", {
      body: { ...good, email: "TAKEN@example.COM" },
    });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "A user with this email already exists");
    assertEquals(await count(sql, "users"), before);
  });

  await t.step("a 409 inside an Idempotency-Key request is replayed as 409", async () => {
    const headers = { "idempotency-key": "dup-email-1" };
    const body = { ...good, email: "taken@example.com" };
    const first = await admin.request("POST", "/api/users", { body, headers });
    const again = await admin.request("POST", "/api/users", { body, headers });
    assertEquals([first.status, again.status], [409, 409]);
    assertEquals(again.headers.get("idempotent-replayed"), "true");
  });

  await t.step("PUT /api/users/:id to another user's e-mail (any case) is 409", async () => {
    const res = await admin.request("PUT", `/api/users/${adminId}`, {
      body: { firstName: "A", lastName: "B", email: "taken@EXAMPLE.com" },
    });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "A user with this email already exists");
  });

  const badEdits: [string, unknown, string][] = [
    [
      "a blank first name",
      { firstName: " ", lastName: "B", email: "a@b.co" },
      "All fields are required.",
    ],
    ["a missing last name", { firstName: "A", email: "a@b.co" }, "All fields are required."],
    ["an empty e-mail", { firstName: "A", lastName: "B", email: "" }, "All fields are required."],
    ["nothing at all", {}, "All fields are required."],
    [
      "an invalid e-mail",
      { firstName: "A", lastName: "B", email: "nope" },
      "Please enter a valid email address",
    ],
  ];
  for (const [what, body, message] of badEdits) {
    await t.step(`PUT /api/users/:id with ${what} is 400 "${message}"`, async () => {
      const before = (await admin.request("GET", `/api/users/${taken}`)).json;
      const res = await admin.request("PUT", `/api/users/${taken}`, { body });
      assertEquals(res.status, 400);
      assertEquals(res.json.error, message);
      assertEquals((await admin.request("GET", `/api/users/${taken}`)).json, before);
    });
  }

  await t.step(
    "PUT with a stale If-Match is 412 with the current version, and changes nothing",
    async () => {
      const current = (await admin.request("GET", `/api/users/${taken}`)).json;
      await admin.request("PUT", `/api/users/${taken}`, {
        body: { firstName: "Moved", lastName: "On", email: "taken@example.com" },
      });
      const res = await admin.request("PUT", `/api/users/${taken}`, {
        body: { firstName: "Stale", lastName: "Edit", email: "taken@example.com" },
        headers: { "if-match": `"${current.updatedAt}"` },
      });
      assertEquals(res.status, 412);
      assertMatch(res.json.error, /changed by someone else/);
      assertEquals(res.json.current.firstName, "Moved");
      assertEquals(res.json.current.id, taken);
      assert(res.json.current.updatedAt > current.updatedAt, "the current version");
      const now = (await admin.request("GET", `/api/users/${taken}`)).json;
      assertEquals(now.firstName, "Moved");
    },
  );

  const missing = 999_999;
  for (
    const [method, path] of [
      ["GET", `/api/users/${missing}`],
      ["PUT", `/api/users/${missing}`],
      ["DELETE", `/api/users/${missing}`],
      ["PATCH", `/api/users/${missing}/toggle-active`],
      ["GET", `/api/users/${missing}/verification-status`],
      ["GET", `/api/users/${missing}/groups`],
      ["POST", `/api/users/${missing}/resend-invitation`],
    ]
  ) {
    await t.step(`${method} ${path} for an unknown user is 404 "User not found"`, async () => {
      const body = method === "PUT"
        ? { firstName: "A", lastName: "B", email: "x@y.co" }
        : undefined;
      const res = await admin.request(method, path, { body });
      assertEquals(res.status, 404);
      assertEquals(res.json.error, "User not found");
    });
  }

  for (const bad of ["abc", "0", "-5", "1.5", "99999999999"]) {
    await t.step(`a bad id in the path (${bad}) is 400`, async () => {
      const res = await admin.request("GET", `/api/users/${bad}`);
      assertEquals(res.status, 400);
      assertMatch(res.json.error, /^id: /);
    });
  }

  await t.step("resending an invitation to a deactivated user is 409", async () => {
    await sql`update users set is_active = false where id = ${taken}`;
    const res = await admin.request("POST", `/api/users/${taken}/resend-invitation`);
    assertEquals(res.status, 409);
    assertMatch(res.json.error, /deactivated/);
    assertEquals(await count(sql, "invitations"), 0);
  });
});

describeApp("users: members and visitors are refused", async (t, { sql, login, request }) => {
  const memberId = await addUser(sql, { email: "member@example.com" });
  const otherId = await addUser(sql, { email: "other@example.com" });
  const member = await login("member@example.com");

  await t.step("a member gets 403 on the admin calls, even about themself", async () => {
    for (
      const [method, path] of [
        ["GET", "/api/users"],
        ["GET", `/api/users/${memberId}`],
        ["GET", "/api/users/verification-statuses"],
        ["PATCH", `/api/users/${otherId}/toggle-active`],
        ["DELETE", `/api/users/${otherId}`],
      ]
    ) {
      const res = await member.request(method, path);
      assertEquals(res.status, 403, `${method} ${path}`);
      assertEquals(res.json.error, "Admin access is required");
    }
    const created = await member.request("POST", "/api/users", {
      body: { firstName: "A", lastName: "B", email: "sneaky@example.com", password: TEST_PASSWORD },
    });
    assertEquals(created.status, 403);
    assertEquals(await count(sql, "users"), 2);
  });

  await t.step("a member reads only their own groups", async () => {
    assertEquals((await member.request("GET", `/api/users/${memberId}/groups`)).status, 200);
    const res = await member.request("GET", `/api/users/${otherId}/groups`);
    assertEquals(res.status, 403);
  });

  await t.step("without a session every users call is 401", async () => {
    assertEquals((await request("GET", "/api/users")).status, 401);
    assertEquals((await request("GET", `/api/users/${memberId}/groups`)).status, 401);
  });
});

describeApp("users: the list stays one query with 10,000 users", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  await sql`insert into groups (name) select 'Group ' || n from generate_series(1, 20) n`;
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'user' || n || '@example.com', 'x', 'First' || n, 'Last' || n
    from generate_series(1, 10000) n`;
  await sql`insert into user_groups (user_id, group_id)
    select u.id, g.id from users u join groups g on g.id % 7 = u.id % 7 or g.id % 5 = u.id % 5
    where g.name like 'Group %'`;

  await t.step("GET /api/users answers 10,001 users with their groups quickly", async () => {
    const started = performance.now();
    const res = await admin.request("GET", "/api/users");
    const ms = performance.now() - started;
    assertEquals(res.status, 200);
    assertEquals(res.json.length, 10_001);
    assert(res.json[500].groups.length > 0, "groups are included");
    assert(ms < 5_000, `took ${Math.round(ms)} ms`);
  });

  await t.step("GET /api/users/verification-statuses covers them all", async () => {
    const res = await admin.request("GET", "/api/users/verification-statuses");
    assertEquals(Object.keys(res.json).length, 10_001);
  });
});
