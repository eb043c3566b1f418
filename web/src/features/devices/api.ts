// The device calls the screens read (spec 2 §7), keyed by their URL. The Density
// secrets never come back from the server: a device says only whether each is
// set (hasDensityApiToken, …). Changes are in changes.ts.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";

export type DeviceType = "sensor" | "lock" | "camera" | "reader" | "density" | "lastlock";
export type DensityAuthType = "bearer" | "oauth";

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
  densityAuthType: DensityAuthType | null;
  hasDensityApiToken: boolean;
  hasDensityClientId: boolean;
  hasDensityClientSecret: boolean;
  lastLockDeviceId: number | null;
  lastLockDescription: string | null;
  lastLockTimeCreated: string | null;
  lastAccessAttempt: string | null;
  lastAccessCredential: string | null;
  lastAccessOutcome: string | null;
  credentialCount: number;
  lastSync: string | null;
  unifiDeviceId: string | null;
  unifiModel: string | null;
  unifiIp: string | null;
  unifiMac: string | null;
  unifiIsOnline: boolean | null;
  lastSeen: string | null;
  firmware: string | null;
  cameraSpecs: unknown;
  sensorSpecs: unknown;
  createdAt: string;
  updatedAt: string;
};

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

export const DEVICES_KEY = ["/api/devices"] as const;
export const deviceKey = (id: number) => [`/api/devices/${id}`] as const;
export const roomDevicesKey = (roomId: number) => [`/api/devices?roomId=${roomId}`] as const;
export const assignedCredentialsKey = (id: number) => [`/api/devices/${id}/assigned-credentials`] as const;
/** The picker asks with the device's own credentials once it is a saved density device. */
export const densitySpacesKey = (deviceId?: number) =>
  [deviceId ? `/api/density/spaces?deviceId=${deviceId}` : "/api/density/spaces"] as const;

export const isSavedDevice = (id: number) => id > 0;

export const useDevices = (enabled = true) => useQuery<Device[]>({ queryKey: DEVICES_KEY, enabled });

export const useRoomDevices = (roomId: number) =>
  useQuery<Device[]>({ queryKey: roomDevicesKey(roomId), enabled: roomId > 0 });

export function cachedListDevice(cache: QueryClient, id: number): Device | undefined {
  return cache.getQueryData<Device[]>(DEVICES_KEY)?.find((d) => d.id === id);
}

/** The device; while it loads (or was made offline) the list's row stands in. */
export function useDevice(id: number) {
  const cache = useQueryClient();
  return useQuery<Device>({
    queryKey: deviceKey(Number.isNaN(id) ? 0 : id),
    enabled: isSavedDevice(id),
    placeholderData: () => (Number.isNaN(id) ? undefined : cachedListDevice(cache, id)),
  });
}

/** Who can use the device: read again each time the page opens (memberships change elsewhere). */
export const useAssignedCredentials = (id: number, enabled: boolean) =>
  useQuery<AssignedCredential[]>({ queryKey: assignedCredentialsKey(id), enabled: enabled && isSavedDevice(id), staleTime: 0 });

export const useDensitySpaces = (deviceId: number | undefined, enabled: boolean) =>
  useQuery<DensitySpace[]>({ queryKey: densitySpacesKey(deviceId), enabled, staleTime: 60_000 });
