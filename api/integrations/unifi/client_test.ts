// The UniFi client against the simulated console over real HTTP: every call,
// and every way the console can fail.
import { assert, assertEquals, rejection } from "../../testing/assert.ts";
import { createUnifiClient, normalMac, type UnifiClient, UnifiError } from "./client.ts";
import { startSimulator, TEST_KEY } from "./testing.ts";
import { UNIFI_PATHS } from "./simulator.ts";

const options = { sanitizeOps: false, sanitizeResources: false };

async function withClient(
  fn: (client: UnifiClient, sim: Awaited<ReturnType<typeof startSimulator>>) => Promise<void>,
  { apiKey = TEST_KEY, timeoutMs = 2_000 }: { apiKey?: string; timeoutMs?: number } = {},
) {
  const sim = await startSimulator();
  try {
    await fn(createUnifiClient({ host: `${sim.url}/`, apiKey, timeoutMs }), sim);
  } finally {
    await sim.simulator.stop();
  }
}

const failure = (promise: Promise<unknown>) => rejection(promise, UnifiError);

Deno.test("MAC addresses compare in any spelling", () => {
  assertEquals(normalMac("f4:e2:c6:a1:b2:01"), "F4E2C6A1B201");
  assertEquals(normalMac("F4-E2-C6-A1-B2-01"), "F4E2C6A1B201");
});

Deno.test({
  name: "client: Protect cameras and sensors, Network details by MAC",
  ...options,
  fn: () =>
    withClient(async (client, { simulator }) => {
      assertEquals((await client.protectInfo()).applicationVersion, "7.2.105");

      const cameras = await client.cameras();
      assertEquals(cameras.map((c) => [c.name, c.type, c.state]), [
        ["Reception Camera", "G5 Dome", "CONNECTED"],
        ["Bike Storage Camera", "G5 Bullet", "CONNECTED"],
        ["Rooftop Camera", "G4 Pro", "DISCONNECTED"],
      ]);
      assertEquals(cameras[0].mac, "F4E2C6A1B201");
      assertEquals(cameras[0].featureFlags?.hasHdr, true);

      const sensors = await client.sensors();
      assertEquals(sensors.map((s) => [s.name, s.mountType]), [
        ["Supply Closet Door Sensor", "door"],
        ["Print Room Environment Sensor", "none"],
      ]);
      assertEquals(sensors[0].batteryStatus, { percentage: 92, isLow: false });

      const macs = [...cameras, ...sensors].map((d) => d.mac);
      const network = await client.networkDevices(macs);
      // Cameras are Network devices; the Bluetooth sensors and unasked-for
      // switches are left out.
      assertEquals(network!.map((d) => [normalMac(d.macAddress), d.model, d.ipAddress]), [
        ["F4E2C6A1B201", "UVC-G5-Dome", "10.20.0.101"],
        ["F4E2C6A1B202", "UVC-G5-Bullet", "10.20.0.102"],
        ["F4E2C6A1B203", "UVC-G4-Pro", "10.20.0.103"],
      ]);
      // The list has no firmware: it came from each device's detail.
      assertEquals(network!.map((d) => d.firmwareVersion), ["4.74.106", "4.74.106", "4.73.62"]);
      assert(simulator.requests.every((r) => r.startsWith("GET /proxy/")));
    }),
});

Deno.test({
  name: "client: no Network application means no Network details",
  ...options,
  fn: () =>
    withClient(async (client, { simulator }) => {
      simulator.misbehave({ kind: "status", status: 404 }, { path: UNIFI_PATHS.network });
      assertEquals(await client.networkDevices(["F4E2C6A1B201"]), null);
    }),
});

Deno.test({
  name: "client: a wrong key, errors, timeouts, garbage and a console that is down",
  ...options,
  fn: async () => {
    await withClient(async (client) => {
      const refused = await failure(client.cameras());
      assertEquals([refused.kind, refused.status], ["unauthorized", 401]);
      assertEquals(refused.message, "The UniFi controller refused the API key");
      assertEquals((await failure(client.networkDevices(["F4E2C6A1B201"]))).kind, "unauthorized");
    }, { apiKey: "wrong" });

    await withClient(async (client, { simulator }) => {
      simulator.misbehave({ kind: "status", status: 500 }, { times: 1 });
      const broken = await failure(client.cameras());
      assertEquals([broken.kind, broken.status], ["status", 500]);
      assertEquals(broken.message, "The UniFi controller answered with an error (HTTP 500)");

      simulator.misbehave({ kind: "delay", ms: 5_000 }, { times: 1 });
      const started = Date.now();
      const slow = await failure(client.sensors());
      assertEquals(slow.kind, "timeout");
      assertEquals(slow.message, "The UniFi controller did not answer within 0.3 s");
      assert(Date.now() - started < 3_000);

      simulator.misbehave({ kind: "garbage" }, { times: 1 });
      const html = await failure(client.cameras());
      assertEquals(html.kind, "malformed");
      assertEquals(html.message, "The UniFi controller sent an answer Threshold cannot read");

      simulator.misbehave({ kind: "shape" }, { times: 1 });
      assertEquals((await failure(client.sensors())).kind, "malformed");

      simulator.misbehave({ kind: "shape" }, { path: `${UNIFI_PATHS.network}/sites`, times: 1 });
      assertEquals((await failure(client.networkDevices(["F4E2C6A1B201"]))).kind, "malformed");

      // Behaving again.
      assertEquals((await client.cameras()).length, 3);

      await simulator.stop();
      const down = await failure(client.protectInfo());
      assertEquals([down.kind, down.message], ["unreachable", "Cannot reach the UniFi controller"]);
    }, { timeoutMs: 300 });
  },
});
