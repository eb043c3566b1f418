// What the UniFi calls answer (spec 2 §7) and the UniFi tab reads: the one
// definition the server's SQL and the web both use. No imports.

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
export type PendingUnifiDevice = {
  id: number;
  name: string;
  deviceId: string;
  type: "camera" | "sensor";
  manufacturer: string;
  isPending: boolean;
  unifiDeviceId: string | null;
  unifiModel: string | null;
  unifiIp: string | null;
  unifiMac: string | null;
  unifiIsOnline: boolean | null;
  lastSeen: Date | null;
  firmware: string | null;
  cameraSpecs: unknown;
  sensorSpecs: unknown;
  createdAt: Date;
};
