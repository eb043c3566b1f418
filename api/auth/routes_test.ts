import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import {
  addUser,
  describeApp,
  sessionCookie,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from "../testing/test_app.ts";

const count = async (sql: import("../db/connect.ts").Sql, table: string) =>
  (await sql`select count(*)::int as n from ${sql(table)}`)[0].n as number;

describeApp("sign-up", async (t, { request, sql }) => {
  const body = {
    email: "New.Person@Example.com",
    password: "long enough",
    firstName: "New",
    lastName: "Person",
  };

  await t.step("creates the account, signs in and answers the user", async () => {
    const res = await request("POST", "/api/auth/signup", { body });
    assertEquals(res.status, 201);
    assertEquals(res.json.user.email, "new.person@example.com");
    assertEquals(res.json.user.firstName, "New");
    assertEquals(res.json.user.isAdmin, false);
    const me = await request("GET", "/api/auth/me", { cookie: sessionCookie(res.headers) });
    assertEquals(me.status, 200);
    assertEquals(me.json.user.id, res.json.user.id);
  });

  await t.step("a taken e-mail (any case) is 409 and creates nothing", async () => {
    const before = await count(sql, "users");
    const res = await request("POST", "/api/auth/signup", {
      body: { ...body, email: "NEW.PERSON@example.com" },
    });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "An account with this email already exists");
    assertEquals(await count(sql, "users"), before);
  });

  const bad: [string, unknown, RegExp][] = [
    ["missing fields", {}, /email: is required/],
    ["a wrong type", { ...body, email: "x@y.z", firstName: 42 }, /firstName/],
    [
      "an invalid e-mail",
      { ...body, email: "not-an-email" },
      /email: must be a valid email address/,
    ],
    [
      "a short password",
      { ...body, email: "a@b.co", password: "short" },
      /password: must be at least 8 characters/,
    ],
    ["a blank name", { ...body, email: "c@d.co", lastName: "   " }, /lastName: is required/],
    ["an array body", [body], /expected object/i],
  ];
  for (const [what, payload, message] of bad) {
    await t.step(`${what} is 400 and creates nothing`, async () => {
      const before = await count(sql, "users");
      const res = await request("POST", "/api/auth/signup", { body: payload });
      assertEquals(res.status, 400);
      assertMatch(res.json.error, message);
      assertEquals(await count(sql, "users"), before);
    });
  }

  await t.step("malformed JSON is 400", async () => {
    const res = await request("POST", "/api/auth/signup", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    assertEquals(res.status, 400);
    assertEquals(res.json.error, "Request body must be valid JSON");
  });

  await t.step("an oversized body is 400", async () => {
    const res = await request("POST", "/api/auth/signup", {
      body: { ...body, firstName: "x".repeat(70_000) },
    });
    assertEquals(res.status, 400);
    assertMatch(res.json.error, /too large/);
  });

  await t.step("a 64-character password is accepted", async () => {
    const res = await request("POST", "/api/auth/signup", {
      body: { ...body, email: "long@example.com", password: "p".repeat(64) },
    });
    assertEquals(res.status, 201);
  });
});

describeApp("password sign-in, session and sign-out", async (t, { request, sql, login }) => {
  const id = await addUser(sql, { email: "ann@example.com", firstName: "Ann", lastName: "Lee" });

  await t.step("signs in with the right password, any e-mail case", async () => {
    const res = await request("POST", "/api/auth/login", {
      body: { email: "ANN@example.com", password: TEST_PASSWORD },
    });
    assertEquals(res.status, 200);
    assertEquals(res.json.user, {
      id,
      email: "ann@example.com",
      firstName: "Ann",
      lastName: "Lee",
      isActive: true,
      isAdmin: false,
    });
    const cookie = res.headers.getSetCookie()[0];
    assertMatch(cookie, /HttpOnly/);
    assertMatch(cookie, /SameSite=Lax/);
    assert(!/Secure/.test(cookie), "no Secure flag over http");
    const [session] = await sql`select token_hash from sessions where user_id = ${id}`;
    assert(!cookie.includes(session.tokenHash), "only the hash is stored");
  });

  await t.step("a wrong password or unknown e-mail is 401 with one message", async () => {
    for (
      const body of [{ email: "ann@example.com", password: "wrong password" }, {
        email: "nobody@example.com",
        password: "x",
      }]
    ) {
      const res = await request("POST", "/api/auth/login", { body });
      assertEquals(res.status, 401);
      assertEquals(res.json.error, "Invalid email or password");
    }
  });

  await t.step("missing password is 400", async () => {
    const res = await request("POST", "/api/auth/login", { body: { email: "ann@example.com" } });
    assertEquals(res.status, 400);
    assertMatch(res.json.error, /password/);
  });

  await t.step("signing in again rotates the session: the old token stops working", async () => {
    const first = await login("ann@example.com");
    const again = await request("POST", "/api/auth/login", {
      cookie: first.cookie,
      body: { email: "ann@example.com", password: TEST_PASSWORD },
    });
    assertEquals(again.status, 200);
    assertEquals((await first.request("GET", "/api/auth/me")).status, 401);
    assertEquals(
      (await request("GET", "/api/auth/me", { cookie: sessionCookie(again.headers) })).status,
      200,
    );
  });

  await t.step("me without a session is 401", async () => {
    const res = await request("GET", "/api/auth/me");
    assertEquals(res.status, 401);
    assertEquals(res.json.error, "Not authenticated");
  });

  await t.step("an idle session ends", async () => {
    const ann = await login("ann@example.com");
    await sql`update sessions set last_seen_at = now() - interval '8 days' where user_id = ${id}`;
    assertEquals((await ann.request("GET", "/api/auth/me")).status, 401);
  });

  await t.step("a session past its absolute lifetime ends, even in use", async () => {
    const ann = await login("ann@example.com");
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${id}`;
    assertEquals((await ann.request("GET", "/api/auth/me")).status, 401);
  });

  await t.step("sign-out ends the session and clears the cookie", async () => {
    const ann = await login("ann@example.com");
    const res = await ann.request("POST", "/api/auth/logout");
    assertEquals(res.status, 200);
    assertEquals(res.json, { success: true });
    assertMatch(res.headers.getSetCookie()[0], /threshold_session=;.*Max-Age=0/);
    assertEquals((await ann.request("GET", "/api/auth/me")).status, 401);
  });

  await t.step("a deactivated user cannot sign in and their sessions stop", async () => {
    const ann = await login("ann@example.com");
    await sql`update users set is_active = false where id = ${id}`;
    assertEquals((await ann.request("GET", "/api/auth/me")).status, 401);
    const res = await request("POST", "/api/auth/login", {
      body: { email: "ann@example.com", password: TEST_PASSWORD },
    });
    assertEquals(res.status, 403);
    assertMatch(res.json.error, /deactivated/);
  });

  await t.step("a deleted user's sessions are gone", async () => {
    await sql`update users set is_active = true where id = ${id}`;
    const ann = await login("ann@example.com");
    await sql`delete from users where id = ${id}`;
    assertEquals((await ann.request("GET", "/api/auth/me")).status, 401);
    assertEquals(
      (await sql`select count(*)::int as n from sessions where user_id = ${id}`)[0].n,
      0,
    );
  });

  await t.step("admin status: an active group named Admin, and only while active", async () => {
    await addUser(sql, { email: "boss@example.com", admin: true });
    const me = await (await login("boss@example.com")).request("GET", "/api/auth/me");
    assertEquals(me.json.user.isAdmin, true);
    await sql`update groups set is_active = false where name = 'Admin'`;
    const again = await (await login("boss@example.com")).request("GET", "/api/auth/me");
    assertEquals(again.json.user.isAdmin, false);
    await sql`update groups set is_active = true where name = 'Admin'`;
  });
});

describeApp("sign-in throttling", async (t, { request, sql }) => {
  await addUser(sql, { email: "target@example.com" });
  const attempt = (password: string) =>
    request("POST", "/api/auth/login", { body: { email: "target@example.com", password } });

  await t.step("five failures lock the account with 429 and Retry-After", async () => {
    for (let i = 0; i < 5; i++) assertEquals((await attempt("wrong password")).status, 401);
    const res = await attempt(TEST_PASSWORD);
    assertEquals(res.status, 429);
    assertMatch(res.json.error, /^Too many sign-in attempts\. Please try again in 15 minutes\.$/);
    const retry = Number(res.headers.get("retry-after"));
    assert(retry > 800 && retry <= 900, `Retry-After ${retry}`);
  });

  await t.step("the lock lifts when the failures age out", async () => {
    await sql`update sign_in_failures set at = at - interval '16 minutes'`;
    assertEquals((await attempt(TEST_PASSWORD)).status, 200);
  });

  await t.step("many failures from one address lock that address for every account", async () => {
    for (let i = 0; i < 20; i++) {
      await request("POST", "/api/auth/login", {
        body: { email: `guess${i}@example.com`, password: "nope nope" },
      });
    }
    const res = await attempt(TEST_PASSWORD);
    assertEquals(res.status, 429);
    assert(Number(res.headers.get("retry-after")) > 0);
  });
});

describeApp("cross-site requests and headers", async (t, { request }) => {
  await t.step("a state change from another origin is refused", async () => {
    const res = await request("POST", "/api/auth/login", {
      body: { email: "a@b.co", password: "x" },
      headers: { origin: "https://evil.example" },
    });
    assertEquals(res.status, 403);
    assertEquals(res.json.error, "Cross-site request refused");
  });
  await t.step("Sec-Fetch-Site cross-site is refused when there is no Origin", async () => {
    const res = await request("POST", "/api/auth/logout", {
      headers: { origin: "", "sec-fetch-site": "cross-site" },
    });
    // an empty Origin header is still an Origin that is not ours
    assertEquals(res.status, 403);
  });
  await t.step("a form-encoded body is refused", async () => {
    const res = await request("POST", "/api/auth/login", {
      raw: "email=a@b.co&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assertEquals(res.status, 415);
  });
  await t.step("every answer carries the security headers", async () => {
    const res = await request("GET", "/api/health");
    assertMatch(
      res.headers.get("content-security-policy")!,
      /default-src 'self'.*object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/,
    );
    assertEquals(res.headers.get("x-content-type-options"), "nosniff");
    assertEquals(res.headers.get("strict-transport-security"), null);
    assertEquals(new URL(TEST_ORIGIN).protocol, "http:");
  });
});
