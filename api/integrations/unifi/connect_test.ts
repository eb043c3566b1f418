// With no configuration the API serves a simulated console on a loopback port;
// the variables that switch to a real console are checked at start.
import { assertEquals, assertMatch, assertThrows } from "../../testing/assert.ts";
import { ConfigError, loadConfig } from "../../config.ts";
import { describeApp, signInAdmin } from "../../testing/test_app.ts";

describeApp("UniFi unconfigured: the built-in simulator", async (t, app) => {
  const admin = await signInAdmin(app);
  await t.step("status: connected to a loopback console with its own key", async () => {
    const res = await admin.request("GET", "/api/unifi/status");
    assertEquals(res.status, 200);
    assertEquals([res.json.connected, res.json.hasCredentials, res.json.simulated], [
      true,
      true,
      true,
    ]);
    assertMatch(res.json.host, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  await t.step("discovery finds the simulated cameras and sensors", async () => {
    const res = await admin.request("POST", "/api/unifi/devices/discover");
    assertEquals(res.json, { cameras: 3, sensors: 2, newDevices: 5 });
  });
});

Deno.test("configuration: a console URL, and a key only with it", () => {
  const config = loadConfig({
    UNIFI_HOST: "https://192.168.1.1/",
    UNIFI_API_KEY: "k",
    UNIFI_TIMEOUT_MS: "8000",
  });
  assertEquals([config.unifiHost, config.unifiApiKey, config.unifiTimeoutMs], [
    "https://192.168.1.1",
    "k",
    8000,
  ]);
  assertEquals(loadConfig({}).unifiHost, undefined);
  assertThrows(() => loadConfig({ UNIFI_HOST: "192.168.1.1" }), ConfigError);
  assertThrows(() => loadConfig({ UNIFI_API_KEY: "k" }), ConfigError);
});
