// The UniFi calls of spec 2 §7 through the whole app, the real client and the
// simulated console: status, discovery into pending devices, assignment to a room.
import { assert, assertEquals } from "../../testing/assert.ts";
import { signInAdmin } from "../../testing/test_app.ts";
import { UNIFI_PATHS } from "./simulator.ts";
import { describeUnifi, TEST_KEY } from "./testing.ts";

describeUnifi("UniFi: status, discovery and assignment", async (t, { app, simulator, url }) => {
  const admin = await signInAdmin(app);
  const ubiquiti = async () =>
    (await app.sql`select count(*)::int as n from devices where manufacturer = 'Ubiquiti'`)[0].n;

  await t.step("status: connected, the host, and only whether a key is set", async () => {
    const res = await admin.request("GET", "/api/unifi/status");
    assertEquals(res.status, 200);
    assertEquals(res.json, { connected: true, host: url, hasCredentials: true, simulated: false });
    assert(!res.text.includes(TEST_KEY));
  });

  await t.step("discovery: counts, and new devices wait for a room", async () => {
    const res = await admin.request("POST", "/api/unifi/devices/discover");
    assertEquals(res.status, 200);
    assertEquals(res.json, { cameras: 3, sensors: 2, newDevices: 5 });
    assertEquals(await ubiquiti(), 5);
    const [reception] = await app.sql`select * from devices where name = 'Reception Camera'`;
    assertEquals(reception.type, "camera");
    assertEquals(reception.manufacturer, "Ubiquiti");
    assertEquals(reception.isPending, true);
    assertEquals(reception.roomId, null);
    assertEquals(reception.deviceId, "UNIFI-F4E2C6A1B201");
    assertEquals(reception.unifiDeviceId, "66f0a1c2004b1e03e4000a11");
    assertEquals(reception.unifiMac, "F4:E2:C6:A1:B2:01");
    assertEquals(reception.unifiModel, "UVC-G5-Dome");
    assertEquals(reception.unifiIp, "10.20.0.101");
    assertEquals(reception.firmware, "4.74.106");
    assertEquals(reception.unifiIsOnline, true);
    assert(reception.lastSeen instanceof Date);
    assertEquals(reception.cameraSpecs.hdr, true);
    assertEquals(reception.cameraSpecs.smartDetectTypes, ["person", "vehicle"]);

    const [rooftop] = await app.sql`select * from devices where name = 'Rooftop Camera'`;
    assertEquals([rooftop.unifiIsOnline, rooftop.lastSeen], [false, null]);

    const [sensor] = await app.sql`select * from devices where name = 'Supply Closet Door Sensor'`;
    assertEquals(sensor.type, "sensor");
    assertEquals(sensor.unifiModel, "UP-Sense"); // not a Network device: Protect's model name
    assertEquals([sensor.unifiIp, sensor.firmware], [null, null]);
    assertEquals(sensor.sensorSpecs.mountType, "door");
    assertEquals(sensor.sensorSpecs.temperature, true);
    assertEquals(sensor.sensorSpecs.batteryPercentage, 92);
  });

  await t.step("the UniFi tab's pending list", async () => {
    const res = await admin.request("GET", "/api/unifi/devices/pending");
    assertEquals(res.status, 200);
    assertEquals(res.json.map((d: { name: string }) => d.name), [
      "Bike Storage Camera",
      "Print Room Environment Sensor",
      "Reception Camera",
      "Rooftop Camera",
      "Supply Closet Door Sensor",
    ]);
    const reception = res.json.find((d: { name: string }) => d.name === "Reception Camera");
    assertEquals(reception.unifiIp, "10.20.0.101");
    assertEquals(reception.unifiMac, "F4:E2:C6:A1:B2:01");
    assertEquals(reception.unifiIsOnline, true);
    assertEquals(reception.isPending, true);
  });

  await t.step("rediscovery updates state, address and firmware without duplicates", async () => {
    await app.sql`update devices set name = 'Front Desk Camera' where name = 'Reception Camera'`;
    simulator.state.setOnline("F4E2C6A1B203", true);
    simulator.state.setOnline("F4E2C6A1B201", false);
    simulator.state.setNetwork("F4E2C6A1B202", "10.20.0.142", "4.75.3");
    const res = await admin.request("POST", "/api/unifi/devices/discover");
    assertEquals(res.json, { cameras: 3, sensors: 2, newDevices: 0 });
    assertEquals(await ubiquiti(), 5);
    const rows = await app.sql`select name, unifi_ip, firmware, unifi_is_online, last_seen
      from devices where manufacturer = 'Ubiquiti' and type = 'camera' order by unifi_mac`;
    assertEquals(rows.map((r) => [r.name, r.unifiIp, r.firmware, r.unifiIsOnline]), [
      ["Front Desk Camera", "10.20.0.101", "4.74.106", false],
      ["Bike Storage Camera", "10.20.0.142", "4.75.3", true],
      ["Rooftop Camera", "10.20.0.103", "4.73.62", true],
    ]);
    assert(rows[0].lastSeen instanceof Date, "an offline device keeps when it was last seen");
    assert(rows[2].lastSeen instanceof Date, "a device that came online is seen now");
  });

  await t.step("without Network, discovery keeps what Network told before", async () => {
    simulator.misbehave({ kind: "status", status: 404 }, { path: UNIFI_PATHS.network });
    const res = await admin.request("POST", "/api/unifi/devices/discover");
    assertEquals(res.status, 200);
    simulator.misbehave(null);
    const [row] = await app.sql`select unifi_ip, unifi_model from devices
      where unifi_mac = 'F4:E2:C6:A1:B2:02'`;
    assertEquals([row.unifiIp, row.unifiModel], ["10.20.0.142", "UVC-G5-Bullet"]);
  });

  await t.step("Assign to Room: PATCH the device, it leaves the pending list", async () => {
    const room = await admin.request("POST", "/api/rooms", { body: { name: "Reception" } });
    assertEquals(room.status, 201);
    const [camera] = await app.sql`select id from devices where name = 'Front Desk Camera'`;
    const res = await admin.request("PATCH", `/api/devices/${camera.id}`, {
      body: { roomId: room.json.id, isPending: false },
    });
    assertEquals(res.status, 200);
    assertEquals([res.json.roomId, res.json.isPending], [room.json.id, false]);
    const pending = await admin.request("GET", "/api/unifi/devices/pending");
    assert(!pending.json.some((d: { id: number }) => d.id === camera.id));

    // Discovery again leaves the room and the assignment alone.
    await admin.request("POST", "/api/unifi/devices/discover");
    const [after] = await app.sql`select room_id, is_pending from devices where id = ${camera.id}`;
    assertEquals([after.roomId, after.isPending], [room.json.id, false]);
  });
});

describeUnifi(
  "UniFi misbehaving: 502 or 504, a readable error, nothing written",
  async (t, { app, simulator }) => {
    const admin = await signInAdmin(app);
    const devices = async () => (await app.sql`select count(*)::int as n from devices`)[0].n;
    const before = await devices();

    const cases: [string, () => void, number, string][] = [
      [
        "an error status",
        () => simulator.misbehave({ kind: "status", status: 500 }, { times: 1 }),
        502,
        "The UniFi controller answered with an error (HTTP 500)",
      ],
      [
        "an answer too late",
        () => simulator.misbehave({ kind: "delay", ms: 10_000 }, { times: 1 }),
        504,
        "The UniFi controller did not answer within 2 s",
      ],
      [
        "an HTML page",
        () => simulator.misbehave({ kind: "garbage" }, { times: 1 }),
        502,
        "The UniFi controller sent an answer Threshold cannot read",
      ],
      [
        "JSON of the wrong shape from Network",
        () => simulator.misbehave({ kind: "shape" }, { path: UNIFI_PATHS.network, times: 1 }),
        502,
        "The UniFi controller sent an answer Threshold cannot read",
      ],
    ];
    for (const [what, misbehave, status, error] of cases) {
      await t.step(`discovery with ${what}`, async () => {
        misbehave();
        const res = await admin.request("POST", "/api/unifi/devices/discover");
        const code = status === 504 ? "gateway_timeout" : "bad_gateway";
        assertEquals([res.status, res.json], [status, { error, code }]);
        assertEquals(await devices(), before);
        simulator.misbehave(null);
      });
    }

    await t.step("status with an error says not connected", async () => {
      simulator.misbehave({ kind: "garbage" }, { times: 1 });
      const res = await admin.request("GET", "/api/unifi/status");
      assertEquals(res.status, 200);
      assertEquals(res.json.connected, false);
      assertEquals(res.json.error, "The UniFi controller sent an answer Threshold cannot read");
    });

    await t.step("a console that is down", async () => {
      await simulator.stop();
      const status = await admin.request("GET", "/api/unifi/status");
      assertEquals([status.json.connected, status.json.error], [
        false,
        "Cannot reach the UniFi controller",
      ]);
      const res = await admin.request("POST", "/api/unifi/devices/discover");
      assertEquals([res.status, res.json], [502, {
        error: "Cannot reach the UniFi controller",
        code: "bad_gateway",
      }]);
      assertEquals(await devices(), before);
    });
  },
);

describeUnifi(
  "UniFi with a wrong key: refused, and the key is never shown",
  async (t, { app }) => {
    const admin = await signInAdmin(app);
    await t.step("status and discovery", async () => {
      const status = await admin.request("GET", "/api/unifi/status");
      assertEquals([status.json.connected, status.json.hasCredentials], [false, true]);
      assertEquals(status.json.error, "The UniFi controller refused the API key");
      assert(!status.text.includes("wrong-key-77"));
      const res = await admin.request("POST", "/api/unifi/devices/discover");
      assertEquals([res.status, res.json.error], [502, "The UniFi controller refused the API key"]);
    });
  },
  () => ({ UNIFI_API_KEY: "wrong-key-77" }),
);

describeUnifi(
  "UniFi without a key: no credentials",
  async (t, { app }) => {
    const admin = await signInAdmin(app);
    await t.step("status", async () => {
      const status = await admin.request("GET", "/api/unifi/status");
      assertEquals([status.json.connected, status.json.hasCredentials], [false, false]);
    });
  },
  () => ({ UNIFI_API_KEY: "" }),
);
