// What the device calls answer and take (spec 2 §7), the device page's assigned
// credentials and its API key included: the one definition the server's SQL and
// the web's screens both use. Zod and schema files only.
import type { z } from "zod";
import type { assignBody, createDeviceBody, DeviceType, updateDeviceBody } from "./schemas.ts";

export type { DeviceType };

/** A device as the list and every single-device call answer it: secrets only as has*. */
export type Device = {
  id: number;
  name: string;
  deviceId: string;
  type: DeviceType;
  manufacturer: string | null;
  roomId: number | null;
  roomName: string | null;
  isActive: boolean;
  isPending: boolean;
  densitySpaceId: string | null;
  densityAuthType: "bearer" | "oauth";
  hasDensityApiToken: boolean;
  hasDensityClientId: boolean;
  hasDensityClientSecret: boolean;
  lastLockDeviceId: number | null;
  lastLockDescription: string | null;
  lastLockTimeCreated: Date | null;
  lastAccessAttempt: Date | null;
  lastAccessCredential: string | null;
  lastAccessOutcome: string | null;
  credentialCount: number;
  lastSync: Date | null;
  unifiDeviceId: string | null;
  unifiModel: string | null;
  unifiIp: string | null;
  unifiMac: string | null;
  unifiIsOnline: boolean | null;
  lastSeen: Date | null;
  firmware: string | null;
  cameraSpecs: unknown;
  sensorSpecs: unknown;
  /** Whether the device has an API key (the key itself is never read back). */
  hasApiKey: boolean;
  apiKeyCreatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** GET /api/devices/{id}/assigned-credentials: who this door lets in, and why not. */
export type AssignedCredential = {
  userId: number;
  userName: string;
  email: string;
  groups: { id: number; name: string }[];
  credentialTypes: string[];
  credentials: { id: number; type: string; isActive: boolean }[];
  accessAllowed: boolean;
  accessStatus: "Allowed" | "Denied";
  reason: string | null;
};

/** GET /api/devices/{id}/api-key. */
export type KeyStatus = {
  hasApiKey: boolean;
  apiKeyCreatedAt: Date | null;
  apiKeyRotatedAt: Date | null;
};

/** POST /api/devices/{id}/api-key (201): the only time the key is shown. */
export type NewDeviceKey = { apiKey: string; createdAt: Date; rotatedAt: Date | null };

/** DELETE /api/devices/{id}/api-key. */
export type KeyRevoked = KeyStatus & { id: number };

export type CreateDeviceRequest = z.input<typeof createDeviceBody>;
export type UpdateDeviceRequest = z.input<typeof updateDeviceBody>;
/** PATCH /api/devices/{id}: assign a room, or none. */
export type AssignDeviceRequest = z.input<typeof assignBody>;
