// The UniFi calls of spec 2 §7, admin only, plus the UniFi tab's list of
// devices waiting for a room. Assigning one to a room is the devices API's
// PATCH /api/devices/{id} {roomId, isPending: false}. A console that is down or
// answers garbage gives a 502 (too slow: 504) and changes nothing.
import { type Context, Hono } from "hono";
import type { Env } from "../../http/env.ts";
import { transaction } from "../../http/transaction.ts";
import { allow } from "../../auth/access.ts";
import {
  type NetworkDevice,
  normalMac,
  type ProtectCamera,
  type ProtectSensor,
  type UnifiClient,
  UnifiError,
} from "./client.ts";
import { callGateway, connectionOf, gatewayFailure } from "../gateway_errors.ts";
import { type DiscoveredUnifiDevice, listPending, saveDiscovered } from "./repo.ts";
import type { UnifiDiscovery, UnifiStatus } from "./contract.ts";

type Ctx = Context<Env>;

/** Calls the console; its failures become 502 or 504 (gateway_errors.ts). */
const ask = <T>(c: Ctx, work: (client: UnifiClient) => Promise<T>) =>
  callGateway(
    c,
    c.var.integrations.unifi,
    work,
    (c, error) => error instanceof UnifiError ? gatewayFailure(c, "UniFi", error) : error,
  );

function cameraRow(camera: ProtectCamera, network: NetworkDevice | undefined) {
  const mac = normalMac(camera.mac);
  const flags = camera.featureFlags;
  return {
    unifiDeviceId: camera.id,
    type: "camera",
    name: camera.name?.trim() || `${camera.type ?? "UniFi Camera"} ${mac.slice(-4)}`,
    mac,
    model: network?.model ?? null,
    protectModel: camera.type,
    ip: network?.ipAddress ?? null,
    firmware: network?.firmwareVersion ?? null,
    online: camera.state === "CONNECTED",
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
  const mac = normalMac(sensor.mac);
  // Newer consoles list capabilities in featureFlags; older ones only the readings.
  const has = (name: string) =>
    sensor.featureFlags
      ? name in sensor.featureFlags
      : Boolean(sensor.stats && name in sensor.stats);
  return {
    unifiDeviceId: sensor.id,
    type: "sensor",
    name: sensor.name?.trim() || `${sensor.type ?? "UniFi Sensor"} ${mac.slice(-4)}`,
    mac,
    model: network?.model ?? null,
    protectModel: sensor.type,
    ip: network?.ipAddress ?? null,
    firmware: network?.firmwareVersion ?? null,
    online: sensor.state === "CONNECTED",
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
    const { client, host, hasCredentials, simulated } = await connectionOf(
      c,
      c.var.integrations.unifi,
    );
    const state = { host, hasCredentials, simulated };
    try {
      await client.protectInfo();
      return c.json({ connected: true, ...state } satisfies UnifiStatus);
    } catch (error) {
      if (!(error instanceof UnifiError)) throw error;
      return c.json({ connected: false, ...state, error: error.message } satisfies UnifiStatus);
    }
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
    return c.json(
      { cameras: cameras.length, sensors: sensors.length, newDevices } satisfies UnifiDiscovery,
    );
  })
  .get("/devices/pending", allow.admin, async (c) => c.json(await listPending(c.var.sql)));
