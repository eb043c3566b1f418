// Device keys: made and rotated by admins, shown once, stored hashed; device
// calls need a valid one and nothing else will do.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { building, CARD, deviceClient, logCount } from "./testing.ts";
import { hashDeviceKey } from "./device_keys.ts";

describeApp("device keys", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const keyPath = `/api/devices/${b.deviceId}/api-key`;
  const decide = (apiKey: string | undefined, headers: Record<string, string> = {}) =>
    deviceClient(testApp, apiKey)("POST", "/api/access/decisions", {
      body: { credential: CARD },
      headers,
    });

  await t.step("the key is shown once, stored only as its SHA-256", async () => {
    assertMatch(b.apiKey, /^thd_[A-Za-z0-9_-]{43}$/);
    const [row] = await sql`select api_key_hash, api_key_created_at, api_key_rotated_at
      from devices where id = ${b.deviceId}`;
    assertEquals(row.apiKeyHash, hashDeviceKey(b.apiKey));
    assert(row.apiKeyCreatedAt instanceof Date);
    assertEquals(row.apiKeyRotatedAt, null, "a first key replaces nothing");
    const dump = JSON.stringify(await sql`select * from devices`);
    assert(!dump.includes(b.apiKey), "the key itself is not in the database");
  });

  await t.step("reads say only whether a key is set", async () => {
    const status = await b.admin.request("GET", keyPath);
    assertEquals(status.status, 200);
    assertEquals(status.json.hasApiKey, true);
    assert(status.json.apiKeyCreatedAt);
    const device = await b.admin.request("GET", `/api/devices/${b.deviceId}`);
    assertEquals(device.json.hasApiKey, true);
    assertEquals(device.json.apiKeyCreatedAt, status.json.apiKeyCreatedAt);
    const list = await b.admin.request("GET", "/api/devices");
    assertEquals(list.json.find((d: { id: number }) => d.id === b.deviceId).hasApiKey, true);
    for (const res of [status, device, list]) {
      assert(!res.text.includes(b.apiKey), "no read returns the key");
      assert(!res.text.includes("apiKeyHash"), "nor its hash");
    }
  });

  await t.step("a device with no key says so", async () => {
    const made = await b.admin.request("POST", "/api/devices", {
      body: { name: "Spare", type: "lock" },
    });
    assertEquals(made.json.hasApiKey, false);
    assertEquals(made.json.apiKeyCreatedAt, null);
    const status = await b.admin.request("GET", `/api/devices/${made.json.id}/api-key`);
    assertEquals(status.json, { hasApiKey: false, apiKeyCreatedAt: null, apiKeyRotatedAt: null });
  });

  await t.step("the key works; Bearer is case-insensitive", async () => {
    assertEquals((await decide(b.apiKey)).json.decision, "granted");
    const lower = await deviceClient(testApp, undefined)("POST", "/api/access/decisions", {
      body: { credential: CARD },
      headers: { authorization: `bearer ${b.apiKey}` },
    });
    assertEquals(lower.status, 200);
  });

  let current = b.apiKey;
  await t.step("rotating gives a new key; the old one stops working at once", async () => {
    const [before] = await sql`select updated_at from devices where id = ${b.deviceId}`;
    const res = await b.admin.request("POST", keyPath);
    assertEquals(res.status, 201);
    assertEquals(res.headers.get("cache-control"), "no-store");
    assertMatch(res.json.apiKey, /^thd_/);
    assert(res.json.apiKey !== b.apiKey);
    assert(res.json.rotatedAt, "rotatedAt is set");
    assertEquals(res.json.createdAt, res.json.rotatedAt);
    current = res.json.apiKey;
    const old = await decide(b.apiKey);
    assertEquals(old.status, 401);
    assertEquals(old.json.error, "Invalid device API key");
    assertMatch(old.headers.get("www-authenticate")!, /^Bearer realm=.*error="invalid_token"/);
    assertEquals((await decide(current)).status, 200);
    const [after] = await sql`select updated_at from devices where id = ${b.deviceId}`;
    assertEquals(after.updatedAt, before.updatedAt, "a key is not part of the edited device");
  });

  await t.step("missing, malformed and unknown keys are 401 and log nothing", async () => {
    const before = await logCount(testApp);
    const cases: [string | undefined, Record<string, string>][] = [
      [undefined, {}],
      [undefined, { authorization: "" }],
      [undefined, { authorization: `Basic ${btoa("door:secret")}` }],
      [undefined, { authorization: "Bearer" }],
      [undefined, { authorization: `Bearer ${current} extra` }],
      ["garbage", {}],
      [current.slice(0, -1), {}],
      [`thd_${"A".repeat(43)}`, {}], // well-formed, but nobody's
      [`${current}x`, {}],
    ];
    for (const [key, headers] of cases) {
      const res = await decide(key, headers);
      assertEquals(res.status, 401, `${key} ${JSON.stringify(headers)}`);
      assertMatch(res.headers.get("www-authenticate")!, /^Bearer realm="threshold-devices"/);
    }
    // A bad body too: without a valid key the answer is still 401, not 400.
    const client = (key: string) => deviceClient(testApp, key);
    for (const body of [{}, { credential: { type: "nope" } }]) {
      const wrong = await client(`thd_${"B".repeat(43)}`)("POST", "/api/access/decisions", {
        body,
      });
      assertEquals(wrong.status, 401);
      assertEquals((await client(current)("POST", "/api/access/decisions", { body })).status, 400);
    }
    assertEquals(await logCount(testApp), before);
  });

  await t.step("a session is never a device key, even with a key-less device", async () => {
    for (
      const [method, path] of [
        ["POST", "/api/access/decisions"],
        ["GET", "/api/access/devices/self/access-list"],
        ["POST", "/api/access/devices/self/events"],
      ]
    ) {
      const res = await b.admin.request(method, path, {
        body: method === "POST" ? [] : undefined,
      });
      assertEquals(res.status, 401, `${method} ${path}`);
    }
  });

  await t.step(
    "a key may not be made with an Idempotency-Key (it would be kept to replay)",
    async () => {
      const res = await b.admin.request("POST", keyPath, { headers: { "idempotency-key": "k-1" } });
      assertEquals(res.status, 400);
      assertMatch(res.json.error, /shown only once/);
      assertEquals((await decide(current)).status, 200, "the key in use is untouched");
      const stored = await sql`select response_body from idempotency_keys`;
      assert(!JSON.stringify(stored).includes("thd_"), "no key kept for replay");
    },
  );

  await t.step("revoking the key stops the device", async () => {
    const res = await b.admin.request("DELETE", keyPath);
    assertEquals(res.status, 200);
    assertEquals(res.json.hasApiKey, false);
    assertEquals((await decide(current)).status, 401);
    const again = await b.admin.request("POST", keyPath);
    assertEquals(again.status, 201);
    current = again.json.apiKey;
    assertEquals((await decide(current)).status, 200);
  });

  await t.step("deleting the device ends its key", async () => {
    const made = await b.admin.request("POST", "/api/devices", {
      body: { name: "Temp", type: "reader" },
    });
    const key = (await b.admin.request("POST", `/api/devices/${made.json.id}/api-key`)).json.apiKey;
    assertEquals((await decide(key)).status, 200);
    await b.admin.request("DELETE", `/api/devices/${made.json.id}`);
    assertEquals((await decide(key)).status, 401);
  });

  await t.step("keys are for admins; unknown devices are 404", async () => {
    await addUser(sql, { email: "member@example.com" });
    const member = await testApp.login("member@example.com");
    assertEquals((await member.request("POST", keyPath)).status, 403);
    assertEquals((await member.request("GET", keyPath)).status, 403);
    assertEquals((await testApp.request("POST", keyPath)).status, 401);
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await b.admin.request(method, "/api/devices/999999/api-key");
      assertEquals(res.status, 404, method);
      assertEquals(res.json.error, "Device not found");
    }
    assertEquals((await b.admin.request("POST", "/api/devices/abc/api-key")).status, 400);
    assertEquals((await decide(current)).status, 200, "the key survived all of that");
  });

  await t.step("each key names one device", async () => {
    const hashes = await sql`select api_key_hash from devices where api_key_hash is not null`;
    assertEquals(new Set(hashes.map((h) => h.apiKeyHash)).size, hashes.length);
  });
});
