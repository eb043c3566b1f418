// Every change of the devices area goes through the one mutation layer
// (useChange), with an optimistic cache edit so the screens follow at once and
// offline; edits carry If-Match on the version they were based on. Assigning a
// device also moves it between the rooms' device lists and their counts.
import type { QueryClient } from "@tanstack/react-query";
import { useChange } from "../../api/mutations";
import { type Room, roomKey, ROOMS_KEY } from "../rooms/api";
import { byName } from "../../ui/by_name";
import { type Handlers, patchCachedRoom } from "../rooms/changes";
import { versionOf } from "../users/changes";
import { assignedCredentialsKey, type Device, deviceKey, DEVICES_KEY, type DeviceType, roomDevicesKey } from "./api";
import { type DeviceUpdate, newDevicePayload, secretSetAfter, type DeviceForm, deviceUpdatePayload } from "./device_rules";


/** Applies a change to the device in every list holding it and on its own page. */
export function patchCachedDevice(cache: QueryClient, id: number, patch: (device: Device) => Device) {
  cache.setQueryData<Device[]>(DEVICES_KEY, (list) => list?.map((d) => (d.id === id ? patch(d) : d)));
  cache.setQueryData<Device>(deviceKey(id), (device) => (device ? patch(device) : device));
  const roomLists = cache.getQueryCache().findAll({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/devices?roomId=") });
  for (const query of roomLists) {
    cache.setQueryData<Device[]>(query.queryKey, (list) => list?.map((d) => (d.id === id ? patch(d) : d)));
  }
}

/** The rooms a change of the device's room touches (for counts, dashboards and lists). */
function moveBetweenRooms(cache: QueryClient, device: Device, to: number | null) {
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

const roomKeys = (...ids: (number | null)[]) =>
  ids.filter((id): id is number => id !== null).flatMap((id) => [roomKey(id), roomDevicesKey(id)]);

export type NewDeviceInput = { name: string; type: DeviceType };

export function useCreateDevice(handlers: Handlers<NewDeviceInput, Device> = {}) {
  return useChange<NewDeviceInput, Device>({
    request: ({ name, type }) => ({ method: "POST", path: "/api/devices", body: newDevicePayload(name, type, Date.now()) }),
    describe: ({ name }) => `Add device ${name.trim()}`,
    creates: true,
    optimistic: (cache, { name, type }, tempId) => {
      const now = new Date();
      const payload = newDevicePayload(name, type, now.getTime());
      const row: Device = {
        id: tempId,
        ...payload,
        roomName: null,
        isPending: false,
        densitySpaceId: null,
        densityAuthType: "bearer",
        hasDensityApiToken: false,
        hasDensityClientId: false,
        hasDensityClientSecret: false,
        lastLockDeviceId: null,
        lastLockDescription: null,
        lastLockTimeCreated: null,
        lastAccessAttempt: null,
        lastAccessCredential: null,
        lastAccessOutcome: null,
        credentialCount: 0,
        lastSync: null,
        unifiDeviceId: null,
        unifiModel: null,
        unifiIp: null,
        unifiMac: null,
        unifiIsOnline: null,
        lastSeen: null,
        firmware: null,
        cameraSpecs: null,
        sensorSpecs: null,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      cache.setQueryData<Device[]>(DEVICES_KEY, (list) => [...(list ?? []), row].sort(byName));
      cache.setQueryData<Device>(deviceKey(tempId), row);
    },
    affects: () => [DEVICES_KEY],
  }, handlers);
}

export type DeviceEdit = { device: Device; form: DeviceForm };

export function useUpdateDevice(handlers: Handlers<DeviceEdit, Device> = {}) {
  return useChange<DeviceEdit, Device>({
    request: ({ device, form }) => ({
      method: "PUT",
      path: `/api/devices/${device.id}`,
      body: deviceUpdatePayload(form),
      baseVersion: versionOf(device),
    }),
    describe: ({ form }) => `Edit device ${form.name.trim()}`,
    optimistic: (cache, { device, form }) => {
      const { densityApiToken: _t, densityClientId: _i, densityClientSecret: _s, ...fields }: DeviceUpdate =
        deviceUpdatePayload(form);
      moveBetweenRooms(cache, device, fields.roomId);
      patchCachedDevice(cache, device.id, (d) => ({
        ...d,
        ...fields,
        hasDensityApiToken: secretSetAfter(form.densityApiToken, d.hasDensityApiToken),
        hasDensityClientId: secretSetAfter(form.densityClientId, d.hasDensityClientId),
        hasDensityClientSecret: secretSetAfter(form.densityClientSecret, d.hasDensityClientSecret),
      }));
    },
    affects: ({ device, form }) => [
      deviceKey(device.id),
      DEVICES_KEY,
      ROOMS_KEY,
      assignedCredentialsKey(device.id),
      ...roomKeys(device.roomId, form.roomId === "" ? null : Number.parseInt(form.roomId, 10)),
    ],
  }, handlers);
}

export type Assignment = { device: Device; roomId: number | null };

/** PATCH /api/devices/{id} { roomId }: assign to a room, or remove from it with null. */
export function useAssignDevice(handlers: Handlers<Assignment, Device> = {}) {
  return useChange<Assignment, Device>({
    request: ({ device, roomId }) => ({ method: "PATCH", path: `/api/devices/${device.id}`, body: { roomId } }),
    describe: ({ device, roomId }) => (roomId === null ? `Remove device ${device.name} from its room` : `Assign device ${device.name}`),
    optimistic: (cache, { device, roomId }) => moveBetweenRooms(cache, device, roomId),
    affects: ({ device, roomId }) => [
      deviceKey(device.id),
      DEVICES_KEY,
      ROOMS_KEY,
      assignedCredentialsKey(device.id),
      ...roomKeys(device.roomId, roomId),
    ],
  }, handlers);
}

export function useToggleDevice(handlers: Handlers<Device, Device> = {}) {
  return useChange<Device, Device>({
    request: (device) => ({ method: "PATCH", path: `/api/devices/${device.id}/toggle-active` }),
    describe: (device) => `${device.isActive ? "Deactivate" : "Activate"} device ${device.name}`,
    optimistic: (cache, device) => patchCachedDevice(cache, device.id, (d) => ({ ...d, isActive: !device.isActive })),
    affects: (device) => [deviceKey(device.id), DEVICES_KEY, assignedCredentialsKey(device.id), ...roomKeys(device.roomId)],
  }, handlers);
}

export function useDeleteDevice(handlers: Handlers<Device, unknown> = {}) {
  return useChange<Device, unknown>({
    request: (device) => ({ method: "DELETE", path: `/api/devices/${device.id}` }),
    describe: (device) => `Delete device ${device.name}`,
    optimistic: (cache, device) => {
      moveBetweenRooms(cache, device, null);
      cache.setQueryData<Device[]>(DEVICES_KEY, (list) => list?.filter((d) => d.id !== device.id));
    },
    affects: (device) => [DEVICES_KEY, ROOMS_KEY, ...roomKeys(device.roomId)],
  }, handlers);
}
