// What the Last Lock calls answer and take (spec 2 §7), read by the Devices
// page's Last Lock tab and the lock test page: the one definition the server's
// SQL and the web both use. Zod and schema files only.
import type { z } from "zod";
import type { createCredentialBody } from "./schemas.ts";
import type { CredentialType } from "./credential_types.ts";

export type { CredentialType };

/** GET /api/lastlock/status; `error` says why when not connected. */
export type LastLockStatus = {
  connected: boolean;
  grpcHost: string;
  hasApiToken: boolean;
  simulated: boolean;
  error?: string;
};

/** A lock awaiting approval: GET /api/lastlock/devices/pending. */
export type PendingLastLockDevice = {
  id: number;
  name: string;
  lastLockDescription: string | null;
  lastLockDeviceId: number;
  deviceId: string;
  lastLockTimeCreated: Date | null;
};

/** POST /api/lastlock/devices/discover. */
export type LastLockDiscovery = {
  discovered: number;
  newDevices: number;
  pending: PendingLastLockDevice[];
};

/** GET /api/lastlock/devices/{id}/credentials: what the lock holds, named where known here. */
export type LockCredential = {
  credentialId: number | null;
  providerCredentialId: string;
  userId: number | null;
  userName: string | null;
  credentialType: CredentialType;
  scheduleData: string | null;
  isActive: boolean | null;
  assignedAt: Date;
};

/** POST /api/lastlock/devices/{id}/credentials/{credentialId} (201). */
export type LockAssignment = {
  deviceId: number;
  credentialId: number;
  providerCredentialId: string;
  assignedAt: Date;
  credentialCount: number;
};

/** DELETE /api/lastlock/devices/{id}/credentials/{credentialId}. */
export type LockRemoval = {
  success: true;
  deviceId: number;
  credentialId: number;
  credentialCount: number;
};

/** POST /api/lastlock/users/{id}/credentials (201): the card data is never sent back. */
export type RegisteredCredential = {
  id: number;
  userId: number;
  credentialType: string;
  scheduleData: string | null;
  isActive: boolean;
  providerCredentialId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type CreateLastLockCredentialRequest = z.input<typeof createCredentialBody>;
