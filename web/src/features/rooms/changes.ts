// Every change of the rooms area goes through the one mutation layer
// (useChange): queued in the outbox with its optimistic cache edit, sent with
// an Idempotency-Key; edits carry If-Match on the version they were based on.
// Assigning a device to the room, or removing it, is one of them, and so is
// setting its door's unlock schedule (spec 3 §1).
import type { QueryClient } from "@tanstack/react-query";
import { byName } from "../../api/by_name";
import { type Device, deviceKey, deviceMoveKeys, DEVICES_KEY, moveBetweenRooms, roomDevicesKey } from "../../api/devices";
import { editCachedGroupRooms, GROUPS_KEY } from "../../api/groups";
import { cacheCreated, editRequest, type EntityKind, useDeleteChange, useEditChange, useToggleChange } from "../../api/entity_changes";
import { type ChangeHandlers, useChange } from "../../api/mutations";
import { patchCachedRoom, type Room, roomKey, ROOMS_KEY } from "../../api/rooms";
import { SCHEDULES_KEY } from "../../api/schedules";
import { type DoorSettings, doorPayload, type NewRoomForm, newRoomPayload, roomEditPayload } from "./room_rules";

const ROOM: EntityKind<Room> = { path: "/api/rooms", list: ROOMS_KEY, detail: roomKey, patch: patchCachedRoom };

export function useCreateRoom(handlers: ChangeHandlers<NewRoomForm, Room> = {}) {
  return useChange<NewRoomForm, Room>({
    request: (form) => ({ method: "POST", path: "/api/rooms", body: newRoomPayload(form) }),
    describe: (form) => `Add room ${form.name.trim()}`,
    creates: true,
    optimistic: (cache, form, tempId) => {
      const now = new Date().toISOString();
      const payload = newRoomPayload(form);
      const row: Room = {
        id: tempId,
        name: payload.name,
        description: payload.description ?? null,
        isActive: true,
        capacity: 15,
        createdAt: now,
        updatedAt: now,
        deviceCount: 0,
        hasDashboard: false,
        unlockScheduleId: null,
        firstPersonIn: false,
        heldOpenSeconds: 60,
        doorState: { state: "locked", since: null, until: null, reason: "No unlock schedule" },
      };
      cacheCreated(cache, ROOM, row, byName);
      cache.setQueryData<Device[]>(roomDevicesKey(tempId), []);
    },
    affects: () => [ROOMS_KEY],
  }, handlers);
}

export type RoomEdit = { room: Room; form: NewRoomForm };

export const useUpdateRoom = (handlers: ChangeHandlers<RoomEdit, Room> = {}) =>
  useEditChange(ROOM, {
    entity: ({ room }: RoomEdit) => room,
    body: ({ form }) => roomEditPayload(form),
    describe: ({ form }) => `Edit room ${form.name.trim()}`,
    also: (cache, { room }, edit) => {
      renameRoomOnDevices(cache, room.id, edit.name);
      editCachedGroupRooms(cache, (rooms) => rooms.map((r) => (r.id === room.id ? { ...r, ...edit } : r)));
    },
    affects: ({ room }) => [roomKey(room.id), ROOMS_KEY, DEVICES_KEY],
  }, handlers);

export type DoorEdit = { room: Room; door: DoorSettings };

/**
 * The door's unlock schedule and first-person-in. Its state (doorState) is
 * left to the server's answer: the door itself follows only once the server
 * has the change, so until then the badge keeps saying what the door does.
 */
export function useUpdateDoor(handlers: ChangeHandlers<DoorEdit, Room> = {}) {
  return useChange<DoorEdit, Room>({
    request: ({ room, door }) => editRequest(`/api/rooms/${room.id}`, room, doorPayload(room, door)),
    describe: ({ room }) => `Edit the door schedule of room ${room.name}`,
    optimistic: (cache, { room, door }) => patchCachedRoom(cache, room.id, (r) => ({ ...r, ...door })),
    // A schedule's count of rooms may change.
    affects: ({ room }) => [roomKey(room.id), ROOMS_KEY, SCHEDULES_KEY],
  }, handlers);
}

function renameRoomOnDevices(cache: QueryClient, roomId: number, roomName: string) {
  cache.setQueryData<Device[]>(DEVICES_KEY, (list) => list?.map((d) => (d.roomId === roomId ? { ...d, roomName } : d)));
  cache.setQueryData<Device[]>(roomDevicesKey(roomId), (list) => list?.map((d) => ({ ...d, roomName })));
}

export const useToggleRoom = (handlers: ChangeHandlers<Room, Room> = {}) =>
  useToggleChange(ROOM, {
    describe: (room) => `${room.isActive ? "Deactivate" : "Activate"} room ${room.name}`,
    also: (cache, room) =>
      editCachedGroupRooms(cache, (rooms) => rooms.map((r) => (r.id === room.id ? { ...r, isActive: !room.isActive } : r))),
    affects: (room) => [roomKey(room.id), ROOMS_KEY],
  }, handlers);

export const useDeleteRoom = (handlers: ChangeHandlers<Room, unknown> = {}) =>
  useDeleteChange(ROOM, {
    describe: (room) => `Delete room ${room.name}`,
    also: (cache, room) => {
      // Its devices become unassigned.
      const free = (d: Device): Device => (d.roomId === room.id ? { ...d, roomId: null, roomName: null } : d);
      cache.setQueryData<Device[]>(DEVICES_KEY, (list) => list?.map(free));
      for (const device of cache.getQueryData<Device[]>(roomDevicesKey(room.id)) ?? []) {
        cache.setQueryData<Device>(deviceKey(device.id), (d) => (d ? free(d) : d));
      }
      cache.setQueryData<Device[]>(roomDevicesKey(room.id), []);
      // Its group grants go.
      editCachedGroupRooms(cache, (rooms) => rooms.filter((r) => r.id !== room.id));
    },
    affects: (room) => [ROOMS_KEY, DEVICES_KEY, roomDevicesKey(room.id), GROUPS_KEY],
  }, handlers);

export type Assignment = { device: Device; roomId: number | null };

/** PATCH /api/devices/{id} { roomId }: assign to a room, or remove from it with null. */
export function useAssignDevice(handlers: ChangeHandlers<Assignment, Device> = {}) {
  return useChange<Assignment, Device>({
    request: ({ device, roomId }) => ({ method: "PATCH", path: `/api/devices/${device.id}`, body: { roomId } }),
    describe: ({ device, roomId }) => (roomId === null ? `Remove device ${device.name} from its room` : `Assign device ${device.name}`),
    optimistic: (cache, { device, roomId }) => moveBetweenRooms(cache, device, roomId),
    affects: ({ device, roomId }) => deviceMoveKeys(device, roomId),
  }, handlers);
}
