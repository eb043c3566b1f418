// Every change of the devices area goes through the one mutation layer
// (useChange), with an optimistic cache edit so the screens follow at once and
// offline; edits carry If-Match on the version they were based on. A new room
// moves the device between the rooms' device lists and their counts. (Assigning
// a device from a room's screens is the rooms area's change.)
import { byName } from "../../api/by_name";
import {
  assignedCredentialsKey,
  type Device,
  deviceKey,
  deviceMoveKeys,
  DEVICES_KEY,
  type DeviceType,
  moveBetweenRooms,
  patchCachedDevice,
  roomKeys,
} from "../../api/devices";
import { type ChangeHandlers, useChange, versionOf } from "../../api/mutations";
import { ROOMS_KEY } from "../../api/rooms";
import { type DeviceForm, type DeviceUpdate, deviceUpdatePayload, newDevicePayload, newDeviceRow, secretSetAfter } from "./device_rules";

export type NewDeviceInput = { name: string; type: DeviceType };

export function useCreateDevice(handlers: ChangeHandlers<NewDeviceInput, Device> = {}) {
  return useChange<NewDeviceInput, Device>({
    request: ({ name, type }) => ({ method: "POST", path: "/api/devices", body: newDevicePayload(name, type, Date.now()) }),
    describe: ({ name }) => `Add device ${name.trim()}`,
    creates: true,
    optimistic: (cache, { name, type }, tempId) => {
      const now = new Date();
      const row = newDeviceRow(tempId, newDevicePayload(name, type, now.getTime()), now);
      cache.setQueryData<Device[]>(DEVICES_KEY, (list) => [...(list ?? []), row].sort(byName));
      cache.setQueryData<Device>(deviceKey(tempId), row);
    },
    affects: () => [DEVICES_KEY],
  }, handlers);
}

export type DeviceEdit = { device: Device; form: DeviceForm };

export function useUpdateDevice(handlers: ChangeHandlers<DeviceEdit, Device> = {}) {
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
    affects: ({ device, form }) => deviceMoveKeys(device, form.roomId === "" ? null : Number.parseInt(form.roomId, 10)),
  }, handlers);
}

export function useToggleDevice(handlers: ChangeHandlers<Device, Device> = {}) {
  return useChange<Device, Device>({
    request: (device) => ({ method: "PATCH", path: `/api/devices/${device.id}/toggle-active` }),
    describe: (device) => `${device.isActive ? "Deactivate" : "Activate"} device ${device.name}`,
    optimistic: (cache, device) => patchCachedDevice(cache, device.id, (d) => ({ ...d, isActive: !device.isActive })),
    affects: (device) => [deviceKey(device.id), DEVICES_KEY, assignedCredentialsKey(device.id), ...roomKeys(device.roomId)],
  }, handlers);
}

export function useDeleteDevice(handlers: ChangeHandlers<Device, unknown> = {}) {
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
