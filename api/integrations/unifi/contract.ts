// What the UniFi calls answer (spec 2 §7) and the UniFi tab reads: the one
// definition the server's SQL and the web both use. Contract files only.
import type { Device } from "../../devices/contract.ts";

/** GET /api/unifi/status; `error` says why when not connected. */
export type UnifiStatus = {
  connected: boolean;
  host: string;
  hasCredentials: boolean;
  simulated: boolean;
  error?: string;
};

/** POST /api/unifi/devices/discover. */
export type UnifiDiscovery = { cameras: number; sensors: number; newDevices: number };

/** GET /api/unifi/devices/pending: cameras and sensors waiting for a room. */
export type PendingUnifiDevice =
  & Pick<
    Device,
    | "id"
    | "name"
    | "deviceId"
    | "isPending"
    | "unifiDeviceId"
    | "unifiModel"
    | "unifiIp"
    | "unifiMac"
    | "unifiIsOnline"
    | "lastSeen"
    | "firmware"
    | "cameraSpecs"
    | "sensorSpecs"
    | "createdAt"
  >
  & { type: "camera" | "sensor"; manufacturer: string };
