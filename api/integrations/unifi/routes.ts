// The UniFi calls of spec 2 §7, admin only, plus the UniFi tab's list of
// devices waiting for a room. Assigning one to a room is the devices API's
// PATCH /api/devices/{id} {roomId}, which ends its wait (the tab also sends
// isPending: false, as the spec has it). A console that is down or
// answers garbage gives a 502 (too slow: 504) and changes nothing.
import { type Context, Hono } from "hono";
import type { Env } from "../../http/env.ts";
import { transaction } from "../../http/transaction.ts";
import { allow } from "../../auth/access.ts";
import { audit } from "../../audit/record.ts";
import {
  type NetworkDevice,
  normalMac,
  type ProtectCamera,
  type ProtectSensor,
  type UnifiClient,
} from "./client.ts";
import { callGateway, statusOf } from "../gateway_errors.ts";
import { type DiscoveredUnifiDevice, listPending, saveDiscovered } from "./repo.ts";
import type { UnifiDiscovery, UnifiStatus } from "./contract.ts";

type Ctx = Context<Env>;

/** Calls the console; its failures become 502 or 504 (gateway_errors.ts). */
const ask = <T>(c: Ctx, work: (client: UnifiClient) => Promise<T>) =>
  callGateway(c, c.var.integrations.unifi, work);

/** What a camera and a sensor row share: Protect's identity, Network's details. */
function discovered(
  device: ProtectCamera | ProtectSensor,
  type: "camera" | "sensor",
  network: NetworkDevice | undefined,
) {
  const mac = normalMac(device.mac);
  const unnamed = type === "camera" ? "UniFi Camera" : "UniFi Sensor";
  return {
    unifiDeviceId: device.id,
    type,
    name: device.name?.trim() || `${device.type ?? unnamed} ${mac.slice(-4)}`,
    mac,
    model: network?.model ?? null,
    protectModel: device.type,
    ip: network?.ipAddress ?? null,
    firmware: network?.firmwareVersion ?? null,
    online: device.state === "CONNECTED",
  };
}

function cameraRow(camera: ProtectCamera, network: NetworkDevice | undefined) {
  const flags = camera.featureFlags;
  return {
    ...discovered(camera, "camera", network),
    cameraSpecs: {
      model: camera.type,
      hdr: flags?.hasHdr ?? null,
      hdrType: camera.hdrType,
      videoMode: camera.videoMode,
      videoModes: flags?.videoModes ?? [],
      microphone: flags?.hasMic ?? null,
      speaker: flags?.hasSpeaker ?? null,
      smartDetectTypes: flags?.smartDetectTypes ?? [],
    },
    sensorSpecs: null,
  } satisfies DiscoveredUnifiDevice;
}

function sensorRow(sensor: ProtectSensor, network: NetworkDevice | undefined) {
  // Newer consoles list capabilities in featureFlags; older ones only the readings.
  const has = (name: string) =>
    sensor.featureFlags
      ? name in sensor.featureFlags
      : Boolean(sensor.stats && name in sensor.stats);
  return {
    ...discovered(sensor, "sensor", network),
    cameraSpecs: null,
    sensorSpecs: {
      model: sensor.type,
      mountType: sensor.mountType,
      motion: has("motion"),
      temperature: has("temperature"),
      humidity: has("humidity"),
      light: has("light"),
      batteryPercentage: sensor.batteryStatus?.percentage ?? null,
      batteryLow: sensor.batteryStatus?.isLow ?? null,
    },
  } satisfies DiscoveredUnifiDevice;
}

export const unifiRoutes = new Hono<Env>()
  .get("/status", allow.admin, async (c) => {
    const status = await statusOf(c, c.var.integrations.unifi, (client) => client.protectInfo());
    return c.json(status satisfies UnifiStatus);
  })
  .post("/devices/discover", allow.admin, async (c) => {
    const { cameras, sensors, network } = await ask(c, async (client) => {
      const [cameras, sensors] = await Promise.all([client.cameras(), client.sensors()]);
      const macs = [...cameras, ...sensors].map((d) => d.mac);
      return { cameras, sensors, network: await client.networkDevices(macs) };
    });
    const byMac = new Map((network ?? []).map((d) => [normalMac(d.macAddress), d]));
    const found = [
      ...cameras.map((camera) => cameraRow(camera, byMac.get(normalMac(camera.mac)))),
      ...sensors.map((sensor) => sensorRow(sensor, byMac.get(normalMac(sensor.mac)))),
    ];
    const newDevices = await transaction(c.var.sql, (tx) => saveDiscovered(tx, found));
    audit(c, {
      action: "unifi.discover",
      target: { type: "integration", id: null, name: "UniFi" },
      changes: { newDevices: [null, newDevices] },
    });
    return c.json(
      { cameras: cameras.length, sensors: sensors.length, newDevices } satisfies UnifiDiscovery,
    );
  })
  .get("/devices/pending", allow.admin, async (c) => c.json(await listPending(c.var.sql)));
