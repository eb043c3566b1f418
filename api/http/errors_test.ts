// The error vocabulary through the whole app: every kind of refusal answers
// { error, code } with the code's status, and a unique clash becomes the route's 409.
import { assertEquals, assertRejects } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { allow } from "../auth/access.ts";
import { poolOf } from "../db/guard.ts";
import { ERROR_STATUS, type ErrorCode } from "./contract.ts";
import { ApiError, uniqueOr409 } from "./errors.ts";
import { MAX_BODY_BYTES } from "./validate.ts";
import { createDensity } from "../integrations/density/connect.ts";
import { DENSITY_DEMO_TOKEN } from "../integrations/density/simulator.ts";

describeApp("errors: one vocabulary", async (t, testApp) => {
  const { sql, request, login } = testApp;
  // Before the first request: Hono builds its router then.
  testApp.app.get("/api/test/crash", allow.public, () => {
    throw new Error("a bug");
  });
  await addUser(sql, { email: "admin@example.com", admin: true });
  await addUser(sql, { email: "member@example.com" });
  const admin = await login("admin@example.com");
  const member = await login("member@example.com");
  const [room] = await sql<{ id: number; updatedAt: Date }[]>`
    insert into rooms (name) values ('Lobby') returning id, updated_at`;
  await admin.request("POST", "/api/groups", { body: { name: "Staff" } });
  await sql`insert into devices (name, device_id, type, density_space_id, density_api_token)
    values ('Lobby Sensor', 'DEV-LOBBY', 'density', 'spc_main_lobby', ${DENSITY_DEMO_TOKEN})`;
  const count = "/api/density/spaces/spc_main_lobby/count";
  const density = testApp.integrations.density.simulator!;

  type Case = [ErrorCode, string, () => ReturnType<typeof request>];
  const cases: Case[] = [
    [
      "validation",
      "Room name is required",
      () => admin.request("POST", "/api/rooms", { body: {} }),
    ],
    [
      "payload_too_large",
      "Request body is too large (limit 64 KB)",
      () => admin.request("POST", "/api/rooms", { raw: `"${"x".repeat(MAX_BODY_BYTES)}"` }),
    ],
    ["unauthenticated", "Not authenticated", () => request("GET", "/api/users")],
    ["forbidden", "Admin access is required", () => member.request("GET", "/api/users")],
    ["not_found", "Room not found", () => admin.request("GET", "/api/rooms/999999")],
    ["not_found", "No route for GET /api/nothing", () => request("GET", "/api/nothing")],
    [
      "conflict",
      "A group with this name already exists",
      () => admin.request("POST", "/api/groups", { body: { name: "staff" } }),
    ],
    [
      "stale",
      "This item was changed by someone else since you loaded it",
      () =>
        admin.request("PUT", `/api/rooms/${room.id}`, {
          body: { name: "Hall" },
          headers: { "if-match": `"${new Date(0).toISOString()}"` },
        }),
    ],
    [
      "unsupported_media_type",
      "Content-Type must be application/json",
      () =>
        admin.request("POST", "/api/rooms", {
          raw: "name=Hall",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
    ],
    [
      "idempotency_mismatch",
      "This Idempotency-Key was already used for a different request",
      async () => {
        const headers = { "idempotency-key": "errors-test" };
        await admin.request("POST", "/api/rooms", { body: { name: "A" }, headers });
        return await admin.request("POST", "/api/rooms", { body: { name: "B" }, headers });
      },
    ],
    [
      "rate_limited",
      "Too many sign-in attempts. Please try again in 15 minutes.",
      async () => {
        await sql`insert into sign_in_failures (key)
          select 'email:locked@example.com' from generate_series(1, 5)`;
        return await request("POST", "/api/auth/login", {
          body: { email: "locked@example.com", password: "whatever" },
        });
      },
    ],
    [
      "internal",
      "Something went wrong. Please try again.",
      () => request("GET", "/api/test/crash"),
    ],
    ["bad_gateway", "Density answered 500: Simulated Density outage", () => {
      density.fail("error");
      return admin.request("GET", count);
    }],
    ["gateway_timeout", "Density did not answer within 0.1 s", () => {
      density.fail("hang");
      const impatient = testApp.withIntegrations({
        density: createDensity(testApp.config, { simulator: density, timeoutMs: 100 }),
      });
      return impatient.request("GET", count, { cookie: admin.cookie });
    }],
    // Last: the breaker stays open until its next probe.
    ["unavailable", "The database is not available", () => {
      poolOf(sql)!.breaker.open(new Error("test"));
      return admin.request("GET", "/api/rooms");
    }],
  ];
  for (const [code, error, send] of cases) {
    await t.step(`${code}: ${ERROR_STATUS[code]} ${error}`, async () => {
      const res = await send();
      // A 412 also carries the server's version, for the conflict choice.
      const { current, ...body } = res.json;
      assertEquals([res.status, body], [ERROR_STATUS[code], { error, code }]);
      assertEquals(current?.id, code === "stale" ? room.id : undefined);
    });
  }
});

Deno.test("uniqueOr409: a unique clash becomes the route's 409; anything else passes", async () => {
  const clash = Object.assign(new Error("duplicate key"), { code: "23505" });
  const refused = await uniqueOr409(Promise.reject(clash), "That name is taken").catch((e) => e);
  assertEquals(refused instanceof ApiError, true);
  assertEquals([refused.status, refused.body()], [409, {
    error: "That name is taken",
    code: "conflict",
  }]);
  assertEquals(await uniqueOr409(Promise.resolve(7), "unused"), 7);
  const other = Object.assign(new Error("check violation"), { code: "23514" });
  await assertRejects(uniqueOr409(Promise.reject(other), "unused"), (e) => e === other);
});
