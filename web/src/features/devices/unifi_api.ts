// The UniFi tab's calls (spec 2 §7): the status (polled every 30 s while the tab is
// open), the pending Ubiquiti cameras and sensors, discovery, and 'Assign to
// Room' (PATCH /api/devices/{id} { roomId, isPending: false }). Changes go
// through the one mutation layer; UniFi's own failures (502/504) are shown, not
// retried in the background.
import { useQueryClient } from "@tanstack/react-query";
import { type Device, deviceKey, DEVICES_KEY, patchCachedDevice, roomDevicesKey } from "../../api/devices";
import { type Integration, pendingKey, useDiscovery, useIntegrationStatus, usePendingDevices } from "../../api/integrations";
import { type ChangeHandlers, useChange } from "../../api/mutations";
import { patchCachedRoom, type Room, roomKey, ROOMS_KEY } from "../../api/rooms";
import type { UnifiDiscovery } from "./unifi_rules";

export type UnifiStatus = {
  connected: boolean;
  host: string | null;
  hasCredentials: boolean;
  simulated?: boolean;
  error?: string;
};

/** A row of GET /api/unifi/devices/pending: a device's UniFi side. */
export type PendingUnifiDevice = Pick<
  Device,
  | "id" | "name" | "deviceId" | "type" | "manufacturer" | "isPending" | "unifiDeviceId" | "unifiModel" | "unifiIp"
  | "unifiMac" | "unifiIsOnline" | "lastSeen" | "firmware" | "createdAt"
>;

const UNIFI: Integration = { path: "unifi", name: "UniFi" };
export const PENDING_UNIFI_KEY = pendingKey(UNIFI);

export const useUnifiStatus = () => useIntegrationStatus<UnifiStatus>(UNIFI);

export const usePendingUnifi = () => usePendingDevices<PendingUnifiDevice>(UNIFI);

export const useDiscoverUnifi = (handlers: ChangeHandlers<void, UnifiDiscovery> = {}) => useDiscovery<UnifiDiscovery>(UNIFI, handlers);

export type UnifiAssignment = { device: PendingUnifiDevice; room: Pick<Room, "id" | "name"> };

export function useAssignUnifiDevice(handlers: ChangeHandlers<UnifiAssignment, Device> = {}) {
  const cache = useQueryClient();
  return useChange<UnifiAssignment, Device>({
    request: ({ device, room }) => ({
      method: "PATCH",
      path: `/api/devices/${device.id}`,
      body: { roomId: room.id, isPending: false },
    }),
    describe: ({ device, room }) => `Assign device ${device.name} to ${room.name}`,
    optimistic: (cache, { device, room }) => {
      cache.setQueryData<PendingUnifiDevice[]>(PENDING_UNIFI_KEY, (list) => list?.filter((d) => d.id !== device.id));
      patchCachedDevice(cache, device.id, (d) => ({ ...d, roomId: room.id, roomName: room.name, isPending: false }));
      patchCachedRoom(cache, room.id, (r) => ({ ...r, deviceCount: r.deviceCount + 1 }));
    },
    affects: ({ device, room }) => [
      PENDING_UNIFI_KEY,
      DEVICES_KEY,
      deviceKey(device.id),
      ROOMS_KEY,
      roomKey(room.id),
      roomDevicesKey(room.id),
    ],
  }, {
    ...handlers,
    // Refused (the room or device went away meanwhile): read the lists on screen again.
    onError: (error, vars) => {
      void cache.invalidateQueries({ queryKey: PENDING_UNIFI_KEY });
      void cache.invalidateQueries({ queryKey: ROOMS_KEY });
      handlers.onError?.(error, vars);
    },
  });
}
