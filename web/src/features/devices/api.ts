// What only the device page reads (spec 2 §7): who may use the device, and the
// Density spaces its picker offers. The devices themselves, their keys and
// cache edits are in web/src/api/devices.ts.
import { useQuery } from "@tanstack/react-query";
import { assignedCredentialsKey } from "../../api/devices";
import { isSaved } from "../../api/mutations";
import type { AssignedCredential as ServerAssignedCredential } from "../../../../api/devices/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

export type AssignedCredential = Json<ServerAssignedCredential>;

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
