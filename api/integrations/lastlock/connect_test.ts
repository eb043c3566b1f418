// With no configuration the API starts the simulator itself; the variables
// that switch to the real service are checked at start.
import { assert, assertEquals, assertMatch, assertThrows } from "../../testing/assert.ts";
import { ConfigError, loadConfig } from "../../config.ts";
import { describeApp, signInAdmin } from "../../testing/test_app.ts";

describeApp("Last Lock unconfigured: the built-in simulator", async (t, app) => {
  const admin = await signInAdmin(app);
  await t.step("status: connected to a loopback simulator with its own token", async () => {
    const res = await admin.request("GET", "/api/lastlock/status");
    assertEquals(res.status, 200);
    assertEquals(res.json.connected, true);
    assertEquals(res.json.simulated, true);
    assertEquals(res.json.hasApiToken, true);
    assertMatch(res.json.grpcHost, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  await t.step("discover, approve, and the device is listed", async () => {
    const found = await admin.request("POST", "/api/lastlock/devices/discover");
    assertEquals(found.status, 200);
    const front = found.json.pending.find((d: { name: string }) => d.name === "Front Door Lock");
    assert(front, "Front Door Lock awaits approval");
    const approved = await admin.request("POST", `/api/lastlock/devices/${front.id}/approve`);
    assertEquals([approved.status, approved.json.isPending], [200, false]);
  });
});

Deno.test("configuration: the real service is host:port or an http(s) URL", () => {
  const config = loadConfig({
    LASTLOCK_GRPC_HOST: "locks.example.com:443",
    LASTLOCK_API_TOKEN: "t",
    LASTLOCK_TIMEOUT_MS: "1500",
  });
  assertEquals(
    [config.lastLockGrpcHost, config.lastLockApiToken, config.lastLockTimeoutMs],
    ["locks.example.com:443", "t", 1500],
  );
  assertEquals(loadConfig({}).lastLockTimeoutMs, 5_000);
  assertEquals(
    loadConfig({ LASTLOCK_GRPC_HOST: "https://locks.example.com/grpc" }).lastLockGrpcHost,
    "https://locks.example.com/grpc",
  );
  assertThrows(() => loadConfig({ LASTLOCK_GRPC_HOST: "locks.example.com" }), ConfigError);
  assertThrows(() => loadConfig({ LASTLOCK_GRPC_HOST: "ftp://locks.example.com" }), ConfigError);
  assertThrows(() => loadConfig({ LASTLOCK_API_TOKEN: "t" }), ConfigError);
  assertThrows(() => loadConfig({ LASTLOCK_TIMEOUT_MS: "0" }), ConfigError);
});
