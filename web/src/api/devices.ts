// Devices as every screen reads them (spec 2 §7): the list, a room's devices,
// one device, and the cache edits a change makes to them, including moving a
// device between rooms (the room screens assign and remove devices too). The
// Density secrets never come back from the server: a device says only whether
// each is set (hasDensityApiToken, …). What only the device page reads
// (assigned credentials, Density spaces) is in features/devices/api.ts.
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { byName } from "./by_name";
import { patchCachedEntity, useEntity } from "./entity_cache";
import { patchCachedRoom, type Room, roomKey, ROOMS_KEY } from "./rooms";
import type { Device as ServerDevice, DeviceType } from "../../../api/devices/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";


/** A device as the server answers it (api/devices/contract.ts). */
export type { DeviceType };
export type Device = Json<ServerDevice>;
export type DensityAuthType = Device["densityAuthType"];

export const DEVICES_KEY = ["/api/devices"] as const;
export const deviceKey = (id: number) => [`/api/devices/${id}`] as const;
export const roomDevicesKey = (roomId: number) => [`/api/devices?roomId=${roomId}`] as const;
export const assignedCredentialsKey = (id: number) => [`/api/devices/${id}/assigned-credentials`] as const;

export const useDevices = (enabled = true) => useQuery<Device[]>({ queryKey: DEVICES_KEY, enabled });

export const useRoomDevices = (roomId: number) =>
  useQuery<Device[]>({ queryKey: roomDevicesKey(roomId), enabled: roomId > 0 });

/** The device; while it loads (or was made offline) the list's row stands in. */
export const useDevice = (id: number) => useEntity<Device>(DEVICES_KEY, deviceKey, id);

/** Applies a change to the device in every list holding it and on its own page. */
export function patchCachedDevice(cache: QueryClient, id: number, patch: (device: Device) => Device) {
  patchCachedEntity(cache, { list: DEVICES_KEY, detail: deviceKey(id) }, id, patch);
  const roomLists = cache.getQueryCache().findAll({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/devices?roomId=") });
  for (const query of roomLists) {
    cache.setQueryData<Device[]>(query.queryKey, (list) => list?.map((d) => (d.id === id ? patch(d) : d)));
  }
}

/** Moves the device to another room (or none) in the cache: both rooms' device lists, counts and dashboards. */
export function moveBetweenRooms(cache: QueryClient, device: Device, to: number | null) {
  const from = device.roomId;
  if (from === to) return;
  const roomName = to === null ? null : cache.getQueryData<Room[]>(ROOMS_KEY)?.find((r) => r.id === to)?.name ??
    cache.getQueryData<Room>(roomKey(to))?.name ?? null;
  const moved: Device = { ...device, roomId: to, roomName };
  if (from !== null) {
    cache.setQueryData<Device[]>(roomDevicesKey(from), (list) => list?.filter((d) => d.id !== device.id));
    patchCachedRoom(cache, from, (r) => ({
      ...r,
      deviceCount: Math.max(0, r.deviceCount - 1),
      hasDashboard: device.type === "density" ? hasOtherDensity(cache, from, device.id) : r.hasDashboard,
    }));
  }
  if (to !== null) {
    cache.setQueryData<Device[]>(roomDevicesKey(to), (list) => (list ? [...list.filter((d) => d.id !== device.id), moved].sort(byName) : list));
    patchCachedRoom(cache, to, (r) => ({
      ...r,
      deviceCount: r.deviceCount + 1,
      hasDashboard: r.hasDashboard || device.type === "density",
    }));
  }
  patchCachedDevice(cache, device.id, (d) => ({ ...d, roomId: to, roomName }));
}

function hasOtherDensity(cache: QueryClient, roomId: number, deviceId: number) {
  const list = cache.getQueryData<Device[]>(DEVICES_KEY) ?? cache.getQueryData<Device[]>(roomDevicesKey(roomId)) ?? [];
  return list.some((d) => d.roomId === roomId && d.id !== deviceId && d.type === "density");
}

/** What moving a device touches: the device, the lists, who may use it, and both rooms. */
export const deviceMoveKeys = (device: Device, to: number | null) => [
  deviceKey(device.id),
  DEVICES_KEY,
  ROOMS_KEY,
  assignedCredentialsKey(device.id),
  ...roomKeys(device.roomId, to),
];

/** A room's own page and its device list, for each room given. */
export const roomKeys = (...ids: (number | null)[]) =>
  ids.filter((id): id is number => id !== null).flatMap((id) => [roomKey(id), roomDevicesKey(id)]);
