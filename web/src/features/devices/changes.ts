// Every change of the devices area goes through the one mutation layer
// (useChange), with an optimistic cache edit so the screens follow at once and
// offline; edits carry If-Match on the version they were based on. A new room
// moves the device between the rooms' device lists and their counts, and ends a
// UniFi device's wait as the server does. (Assigning a device from a room's
// screens is the rooms area's change.)
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
import { cacheCreated, editRequest, type EntityKind, useDeleteChange, useToggleChange } from "../../api/entity_changes";
import { type ChangeHandlers, useChange } from "../../api/mutations";
import { ROOMS_KEY } from "../../api/rooms";
import { type DeviceForm, type DeviceUpdate, deviceUpdatePayload, type NewDevice, newDeviceRow, pendingWithRoom, secretSetAfter } from "./device_rules";
import { PENDING_UNIFI_KEY, type PendingUnifiDevice } from "./unifi_api";

const DEVICE: EntityKind<Device> = { path: "/api/devices", list: DEVICES_KEY, detail: deviceKey, patch: patchCachedDevice };

export type NewDeviceInput = { name: string; type: DeviceType };

/**
 * Takes the POST's payload, made once when the admin acts (newDevicePayload): the
 * request and the row shown until the server answers carry the same generated device
 * ID, by which DeviceLayout follows the row to the real device.
 */
export function useCreateDevice(handlers: ChangeHandlers<NewDevice, Device> = {}) {
  return useChange<NewDevice, Device>({
    request: (payload) => ({ method: "POST", path: "/api/devices", body: payload }),
    describe: ({ name }) => `Add device ${name}`,
    creates: true,
    optimistic: (cache, payload, tempId) => cacheCreated(cache, DEVICE, newDeviceRow(tempId, payload, new Date()), byName),
    affects: () => [DEVICES_KEY],
  }, handlers);
}

export type DeviceEdit = { device: Device; form: DeviceForm };

export function useUpdateDevice(handlers: ChangeHandlers<DeviceEdit, Device> = {}) {
  return useChange<DeviceEdit, Device>({
    request: ({ device, form }) => editRequest(`/api/devices/${device.id}`, device, deviceUpdatePayload(form)),
    describe: ({ form }) => `Edit device ${form.name.trim()}`,
    optimistic: (cache, { device, form }) => {
      const { densityApiToken: _t, densityClientId: _i, densityClientSecret: _s, ...fields }: DeviceUpdate =
        deviceUpdatePayload(form);
      moveBetweenRooms(cache, device, fields.roomId);
      if (!pendingWithRoom(device, fields.roomId)) {
        cache.setQueryData<PendingUnifiDevice[]>(PENDING_UNIFI_KEY, (list) => list?.filter((d) => d.id !== device.id));
      }
      patchCachedDevice(cache, device.id, (d) => ({
        ...d,
        ...fields,
        isPending: pendingWithRoom(d, fields.roomId),
        hasDensityApiToken: secretSetAfter(form.densityApiToken, d.hasDensityApiToken),
        hasDensityClientId: secretSetAfter(form.densityClientId, d.hasDensityClientId),
        hasDensityClientSecret: secretSetAfter(form.densityClientSecret, d.hasDensityClientSecret),
      }));
    },
    affects: ({ device, form }) => [
      ...deviceMoveKeys(device, form.roomId === "" ? null : Number.parseInt(form.roomId, 10)),
      ...(device.isPending ? [PENDING_UNIFI_KEY] : []),
    ],
  }, handlers);
}

export const useToggleDevice = (handlers: ChangeHandlers<Device, Device> = {}) =>
  useToggleChange(DEVICE, {
    describe: (device) => `${device.isActive ? "Deactivate" : "Activate"} device ${device.name}`,
    affects: (device) => [deviceKey(device.id), DEVICES_KEY, assignedCredentialsKey(device.id), ...roomKeys(device.roomId)],
  }, handlers);

export const useDeleteDevice = (handlers: ChangeHandlers<Device, unknown> = {}) =>
  useDeleteChange(DEVICE, {
    describe: (device) => `Delete device ${device.name}`,
    also: (cache, device) => moveBetweenRooms(cache, device, null),
    affects: (device) => [DEVICES_KEY, ROOMS_KEY, ...roomKeys(device.roomId)],
  }, handlers);
