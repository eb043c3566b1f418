// The UniFi calls of spec 2 §7: the status (polled every 30 s while the tab is
// open), the pending Ubiquiti cameras and sensors, discovery, and 'Assign to
// Room' (PATCH /api/devices/{id} { roomId, isPending: false }). Changes go
// through the one mutation layer; UniFi's own failures (502/504) are shown, not
// retried in the background.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useChange } from "../../api/mutations";
import { type Device, deviceKey, DEVICES_KEY, roomDevicesKey } from "../devices/api";
import { patchCachedDevice } from "../devices/changes";
import { type Room, roomKey, ROOMS_KEY } from "../rooms/api";
import { type Handlers, patchCachedRoom } from "../rooms/changes";
import { STATUS_POLL_MS } from "../lastlock/lastlock_rules";
import type { UnifiDiscovery } from "./unifi_rules";

export type UnifiStatus = {
  connected: boolean;
  host: string | null;
  hasCredentials: boolean;
  simulated?: boolean;
  error?: string;
};

/** A row of GET /api/unifi/devices/pending. */
export type PendingUnifiDevice = {
  id: number;
  name: string;
  deviceId: string;
  type: string;
  manufacturer: string | null;
  isPending: boolean;
  unifiDeviceId: string | null;
  unifiModel: string | null;
  unifiIp: string | null;
  unifiMac: string | null;
  unifiIsOnline: boolean | null;
  lastSeen: string | null;
  firmware: string | null;
  createdAt: string;
};

export const UNIFI_STATUS_KEY = ["/api/unifi/status"] as const;
export const PENDING_UNIFI_KEY = ["/api/unifi/devices/pending"] as const;

/** Only the open tab calls this, so the 30 s polling stops when the tab closes. */
export const useUnifiStatus = () =>
  useQuery<UnifiStatus>({ queryKey: UNIFI_STATUS_KEY, staleTime: 0, refetchInterval: STATUS_POLL_MS });

export const usePendingUnifi = () => useQuery<PendingUnifiDevice[]>({ queryKey: PENDING_UNIFI_KEY, staleTime: 0 });

export function useDiscoverUnifi(handlers: Handlers<void, UnifiDiscovery> = {}) {
  return useChange<void, UnifiDiscovery>({
    request: () => ({ method: "POST", path: "/api/unifi/devices/discover" }),
    describe: () => "Discover UniFi devices",
    gatewayFails: true,
    affects: () => [PENDING_UNIFI_KEY, DEVICES_KEY],
  }, handlers);
}

export type UnifiAssignment = { device: PendingUnifiDevice; room: Pick<Room, "id" | "name"> };

export function useAssignUnifiDevice(handlers: Handlers<UnifiAssignment, Device> = {}) {
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
