// What only the device page reads (spec 2 §7): who may use the device, and the
// Density spaces its picker offers. The devices themselves, their keys and
// cache edits are in web/src/api/devices.ts.
import { useQuery } from "@tanstack/react-query";
import { assignedCredentialsKey } from "../../api/devices";
import { isSaved } from "../../api/mutations";

/** A row of GET /api/devices/{id}/assigned-credentials. */
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

/** A Density space of the picker (GET /api/density/spaces). */
export type DensitySpace = { id: string; name: string; function: string | null; space_type: string };

/** The picker asks with the device's own credentials once it is a saved density device. */
const densitySpacesKey = (deviceId?: number) =>
  [deviceId ? `/api/density/spaces?deviceId=${deviceId}` : "/api/density/spaces"] as const;

/** Who can use the device: read again each time the page opens (memberships change elsewhere). */
export const useAssignedCredentials = (id: number, enabled: boolean) =>
  useQuery<AssignedCredential[]>({ queryKey: assignedCredentialsKey(id), enabled: enabled && isSaved(id), staleTime: 0 });

export const useDensitySpaces = (deviceId: number | undefined, enabled: boolean) =>
  useQuery<DensitySpace[]>({ queryKey: densitySpacesKey(deviceId), enabled, staleTime: 60_000 });
