// A UniFi OS console as far as Threshold uses it, speaking the integration APIs'
// real shapes (UniFi Protect 7.x and Network 10.x, from their OpenAPI documents):
//   {host}/proxy/protect/integration/v1  meta/info, cameras, sensors
//   {host}/proxy/network/integration/v1  info, sites, sites/{id}/devices(/{id})
// both authenticated with the X-API-Key header. The data is deterministic: three
// cameras (one offline) and two sensors awaiting a room, the cameras also known
// to Network with model, IP and firmware (sensors reach Protect over Bluetooth
// and are not Network devices). Tests can tell it to misbehave.
import { Hono } from "hono";
import { loopbackServer } from "../loopback.ts";

export type UnifiMisbehaviour =
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "delay"; ms: number }
  /** 200 with an HTML page instead of JSON. */
  | { kind: "garbage" }
  /** 200 with JSON of the wrong shape. */
  | { kind: "shape" };

export type UnifiSimulatorOptions = { apiKey: string };

const PROTECT = "/proxy/protect/integration/v1";
const NETWORK = "/proxy/network/integration/v1";
const SITE_ID = "88f7af54-98f8-306a-a1c7-c9349722b1f6";

type Camera = {
  id: string;
  name: string;
  type: string;
  mac: string;
  state: "CONNECTED" | "DISCONNECTED";
  model: string;
  ip: string;
  firmware: string;
  hdr: boolean;
  smart: string[];
};
type Sensor = {
  id: string;
  name: string;
  mac: string;
  state: "CONNECTED" | "DISCONNECTED";
  mountType: "door" | "window" | "none";
  battery: number;
};

function initialCameras(): Camera[] {
  return [
    ["a11", "Reception Camera", "G5 Dome", "F4E2C6A1B201", "CONNECTED", "UVC-G5-Dome", 101, true],
    [
      "a12",
      "Bike Storage Camera",
      "G5 Bullet",
      "F4E2C6A1B202",
      "CONNECTED",
      "UVC-G5-Bullet",
      102,
      true,
    ],
    ["a13", "Rooftop Camera", "G4 Pro", "F4E2C6A1B203", "DISCONNECTED", "UVC-G4-Pro", 103, false],
  ].map(([suffix, name, type, mac, state, model, host, hdr]) => ({
    id: `66f0a1c2004b1e03e4000${suffix}`,
    name: name as string,
    type: type as string,
    mac: mac as string,
    state: state as Camera["state"],
    model: model as string,
    ip: `10.20.0.${host}`,
    firmware: (type as string).startsWith("G5") ? "4.74.106" : "4.73.62",
    hdr: hdr as boolean,
    smart: (type as string).startsWith("G5") ? ["person", "vehicle"] : [],
  }));
}

function initialSensors(): Sensor[] {
  return [
    {
      id: "66f0a1c2004b1e03e4000b21",
      name: "Supply Closet Door Sensor",
      mac: "F4E2C6A1C301",
      state: "CONNECTED",
      mountType: "door",
      battery: 92,
    },
    {
      id: "66f0a1c2004b1e03e4000b22",
      name: "Print Room Environment Sensor",
      mac: "F4E2C6A1C302",
      state: "CONNECTED",
      mountType: "none",
      battery: 64,
    },
  ];
}

const colonMac = (mac: string) => mac.toLowerCase().match(/../g)!.join(":");

function protectCamera(camera: Camera) {
  return {
    id: camera.id,
    modelKey: "camera",
    state: camera.state,
    name: camera.name,
    type: camera.type,
    guid: null,
    mac: camera.mac,
    isMicEnabled: true,
    osdSettings: {
      isNameEnabled: true,
      isDateEnabled: true,
      isLogoEnabled: false,
      isDebugEnabled: false,
      overlayLocation: "topLeft",
    },
    ledSettings: { isEnabled: true, welcomeLed: false, floodLed: false },
    lcdMessage: {},
    micVolume: 100,
    activePatrolSlot: null,
    videoMode: "default",
    hdrType: camera.hdr ? "auto" : "off",
    featureFlags: {
      supportFullHdSnapshot: true,
      hasHdr: camera.hdr,
      smartDetectTypes: camera.smart,
      smartDetectAudioTypes: [],
      videoModes: ["default", "highFps"],
      hasMic: true,
      hasLedStatus: true,
      hasSpeaker: camera.type.startsWith("G5"),
    },
    smartDetectSettings: { objectTypes: camera.smart, audioTypes: [] },
    hasPackageCamera: false,
  };
}

function protectSensor(sensor: Sensor) {
  const reading = (value: number) => ({ value, status: "neutral" });
  return {
    id: sensor.id,
    modelKey: "sensor",
    state: sensor.state,
    name: sensor.name,
    type: "UP-Sense",
    guid: null,
    mac: sensor.mac,
    mountType: sensor.mountType,
    batteryStatus: { percentage: sensor.battery, isLow: sensor.battery < 20 },
    featureFlags: {
      temperature: { channelCount: 1 },
      humidity: { channelCount: 1 },
      light: { channelCount: 1 },
      motion: { channelCount: 1 },
      ...(sensor.mountType === "door" ? { open: { channelCount: 1 } } : {}),
    },
    stats: {
      light: reading(210),
      humidity: reading(41),
      temperature: reading(21.5),
    },
    isOpened: false,
    openStatusChangedAt: null,
    isMotionDetected: false,
    motionDetectedAt: null,
  };
}

export function createUnifiSimulator(options: UnifiSimulatorOptions) {
  const cameras = initialCameras();
  const sensors = initialSensors();
  const infrastructure = [
    ["3b0c7f2e-6f0e-4d4d-9d55-2f1d0c9a1a01", "Core Switch", "USW-Pro-24-PoE", "f4e2c6a10001", 2],
    ["3b0c7f2e-6f0e-4d4d-9d55-2f1d0c9a1a02", "Lobby Access Point", "U7-Pro", "f4e2c6a10002", 3],
  ];
  let rule: { how: UnifiMisbehaviour; path?: string; times: number } | null = null;
  const requests: string[] = [];

  const networkDevices = () => [
    ...infrastructure.map(([id, name, model, mac, host]) => ({
      id: id as string,
      name: name as string,
      model: model as string,
      supported: true,
      macAddress: colonMac(mac as string),
      ipAddress: `10.20.0.${host}`,
      state: "ONLINE",
      firmwareVersion: "7.1.26",
      firmwareUpdatable: false,
    })),
    ...cameras.map((camera, i) => ({
      id: `5d7e2a90-1c3b-4e8f-a6d2-0f9b8c7a6e${String(i + 1).padStart(2, "0")}`,
      name: camera.name,
      model: camera.model,
      supported: true,
      macAddress: colonMac(camera.mac),
      ipAddress: camera.ip,
      state: camera.state === "CONNECTED" ? "ONLINE" : "OFFLINE",
      firmwareVersion: camera.firmware,
      firmwareUpdatable: camera.firmware !== "4.74.106",
    })),
  ];

  /** The Network list shows fewer fields than a device's detail (as the real one does). */
  const listed = (device: ReturnType<typeof networkDevices>[number]) => ({
    id: device.id,
    name: device.name,
    model: device.model,
    macAddress: device.macAddress,
    ipAddress: device.ipAddress,
    state: device.state,
    features: ["switching"],
    interfaces: ["ports"],
  });

  const app = new Hono();
  const server = loopbackServer("UniFi", (request) => app.fetch(request));

  const protectError = (status: number, error: string, name: string) =>
    new Response(JSON.stringify({ error, name }), {
      status,
      headers: { "content-type": "application/json" },
    });
  const networkError = (path: string, status: number, statusName: string, message: string) =>
    new Response(
      JSON.stringify({
        statusCode: status,
        statusName,
        message,
        timestamp: new Date().toISOString(),
        requestPath: path,
        requestId: crypto.randomUUID(),
      }),
      { status, headers: { "content-type": "application/json" } },
    );

  app.use("*", async (c, next) => {
    const path = c.req.path;
    requests.push(`${c.req.method} ${path}`);
    const active = rule && (!rule.path || path.startsWith(rule.path)) ? rule : null;
    if (active) {
      if (--active.times <= 0) rule = null;
      const how = active.how;
      if (how.kind === "status") {
        return c.json((how.body ?? { error: "Simulated failure", name: "API_ERROR" }) as object, {
          status: how.status as 500,
        });
      }
      if (how.kind === "garbage") {
        return c.html("<html><body><h1>502 Bad Gateway</h1></body></html>");
      }
      if (how.kind === "shape") return c.json({ data: "not what you expected" });
      // Answers late; stopping the simulator ends the wait at once.
      await server.sleep(how.ms);
    }
    if (c.req.header("x-api-key") !== options.apiKey) {
      return path.startsWith(NETWORK)
        ? networkError(path, 401, "UNAUTHORIZED", "Missing or invalid API key")
        : protectError(401, "Unauthorized", "UNAUTHORIZED");
    }
    await next();
  });

  const page = <T>(items: T[], offset: string | undefined, limit: string | undefined) => {
    const from = Math.max(0, Number(offset ?? 0) || 0);
    const size = Math.min(200, Math.max(1, Number(limit ?? 25) || 25));
    const data = items.slice(from, from + size);
    return { offset: from, limit: size, count: data.length, totalCount: items.length, data };
  };

  app.get(`${PROTECT}/meta/info`, (c) => c.json({ applicationVersion: "7.2.105" }));
  app.get(`${PROTECT}/cameras`, (c) => c.json(cameras.map(protectCamera)));
  app.get(`${PROTECT}/cameras/:id`, (c) => {
    const camera = cameras.find((x) => x.id === c.req.param("id"));
    return camera ? c.json(protectCamera(camera)) : protectError(404, "Not found", "NOT_FOUND");
  });
  app.get(`${PROTECT}/sensors`, (c) => c.json(sensors.map(protectSensor)));
  app.get(`${PROTECT}/sensors/:id`, (c) => {
    const sensor = sensors.find((x) => x.id === c.req.param("id"));
    return sensor ? c.json(protectSensor(sensor)) : protectError(404, "Not found", "NOT_FOUND");
  });

  app.get(`${NETWORK}/info`, (c) => c.json({ applicationVersion: "10.1.78" }));
  app.get(`${NETWORK}/sites`, (c) =>
    c.json(page(
      [{ id: SITE_ID, internalReference: "default", name: "Default" }],
      c.req.query("offset"),
      c.req.query("limit"),
    )));
  app.get(`${NETWORK}/sites/:siteId/devices`, (c) => {
    if (c.req.param("siteId") !== SITE_ID) {
      return networkError(c.req.path, 404, "NOT_FOUND", "Site not found");
    }
    return c.json(page(networkDevices().map(listed), c.req.query("offset"), c.req.query("limit")));
  });
  app.get(`${NETWORK}/sites/:siteId/devices/:deviceId`, (c) => {
    const device = networkDevices().find((x) => x.id === c.req.param("deviceId"));
    if (c.req.param("siteId") !== SITE_ID || !device) {
      return networkError(c.req.path, 404, "NOT_FOUND", "Device not found");
    }
    return c.json({
      ...device,
      adoptedAt: "2025-03-04T09:12:00Z",
      provisionedAt: "2025-03-04T09:14:41Z",
      configurationId: "7596498d2f367dc2",
      features: { switching: null },
      interfaces: { ports: [] },
    });
  });
  app.notFound(() => protectError(404, "Not found", "NOT_FOUND"));

  return {
    /** The simulator as a fetch handler (no network). */
    fetch: app.fetch,
    /** Listens on a loopback port (0: any free one). */
    start: server.start,
    stop: server.stop,
    /** The next `times` requests (under `path`, or any) misbehave; null: behave again. */
    misbehave(how: UnifiMisbehaviour | null, { path, times = Infinity }: {
      path?: string;
      times?: number;
    } = {}) {
      rule = how ? { how, path, times } : null;
    },
    /** "METHOD path" of every request, in order. */
    requests,
    state: {
      /** Turns a camera or sensor (by MAC, no colons) on or off line. */
      setOnline(mac: string, online: boolean) {
        const device = [...cameras, ...sensors].find((d) => d.mac === mac);
        if (device) device.state = online ? "CONNECTED" : "DISCONNECTED";
      },
      /** Moves a camera to another address and firmware. */
      setNetwork(mac: string, ip: string, firmware: string) {
        const camera = cameras.find((d) => d.mac === mac);
        if (camera) Object.assign(camera, { ip, firmware });
      },
    },
  };
}

export type UnifiSimulator = ReturnType<typeof createUnifiSimulator>;
export const UNIFI_PATHS = { protect: PROTECT, network: NETWORK };
