// Every change of the rooms area goes through the one mutation layer
// (useChange): queued in the outbox with its optimistic cache edit, sent with
// an Idempotency-Key; edits carry If-Match on the version they were based on.
import type { QueryClient } from "@tanstack/react-query";
import { type Queued, useChange } from "../../api/mutations";
import { byName } from "../../ui/by_name";
import { versionOf } from "../users/changes";
import { type Device, DEVICES_KEY, deviceKey, roomDevicesKey } from "../devices/api";
import { GROUPS_KEY } from "../groups/api";
import { type Room, roomKey, ROOMS_KEY } from "./api";
import type { NewRoomForm } from "./room_rules";
import { newRoomPayload, roomEditPayload } from "./room_rules";

export type Handlers<TVars, TResult> = {
  onSuccess?: (result: TResult | Queued, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
};


/** Applies a change to the room in the list and on its own page. */
export function patchCachedRoom(cache: QueryClient, id: number, patch: (room: Room) => Room) {
  cache.setQueryData<Room[]>(ROOMS_KEY, (list) => list?.map((r) => (r.id === id ? patch(r) : r)));
  cache.setQueryData<Room>(roomKey(id), (room) => (room ? patch(room) : room));
}

export function useCreateRoom(handlers: Handlers<NewRoomForm, Room> = {}) {
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
      };
      cache.setQueryData<Room[]>(ROOMS_KEY, (list) => [...(list ?? []), row].sort(byName));
      cache.setQueryData<Room>(roomKey(tempId), row);
      cache.setQueryData<Device[]>(roomDevicesKey(tempId), []);
    },
    affects: () => [ROOMS_KEY],
  }, handlers);
}

export type RoomEdit = { room: Room; form: NewRoomForm };

export function useUpdateRoom(handlers: Handlers<RoomEdit, Room> = {}) {
  return useChange<RoomEdit, Room>({
    request: ({ room, form }) => ({
      method: "PUT",
      path: `/api/rooms/${room.id}`,
      body: roomEditPayload(form),
      baseVersion: versionOf(room),
    }),
    describe: ({ form }) => `Edit room ${form.name.trim()}`,
    optimistic: (cache, { room, form }) => {
      const edit = roomEditPayload(form);
      patchCachedRoom(cache, room.id, (r) => ({ ...r, ...edit }));
      renameRoomOnDevices(cache, room.id, edit.name);
      editCachedGroupRooms(cache, (rooms) => rooms.map((r) => (r.id === room.id ? { ...r, ...edit } : r)));
    },
    affects: ({ room }) => [roomKey(room.id), ROOMS_KEY, DEVICES_KEY],
  }, handlers);
}

/** Every cached group's room list (GET /api/groups/{id}/rooms), edited in place. */
export function editCachedGroupRooms(cache: QueryClient, edit: (rooms: Room[]) => Room[]) {
  const lists = cache.getQueryCache().findAll({
    predicate: (q) => /^\/api\/groups\/-?\d+\/rooms$/.test(String(q.queryKey[0])),
  });
  for (const query of lists) cache.setQueryData<Room[]>(query.queryKey, (rooms) => (rooms ? edit(rooms) : rooms));
}

function renameRoomOnDevices(cache: QueryClient, roomId: number, roomName: string) {
  cache.setQueryData<Device[]>(DEVICES_KEY, (list) => list?.map((d) => (d.roomId === roomId ? { ...d, roomName } : d)));
  cache.setQueryData<Device[]>(roomDevicesKey(roomId), (list) => list?.map((d) => ({ ...d, roomName })));
}

export function useToggleRoom(handlers: Handlers<Room, Room> = {}) {
  return useChange<Room, Room>({
    request: (room) => ({ method: "PATCH", path: `/api/rooms/${room.id}/toggle-active` }),
    describe: (room) => `${room.isActive ? "Deactivate" : "Activate"} room ${room.name}`,
    optimistic: (cache, room) => {
      patchCachedRoom(cache, room.id, (r) => ({ ...r, isActive: !room.isActive }));
      editCachedGroupRooms(cache, (rooms) => rooms.map((r) => (r.id === room.id ? { ...r, isActive: !room.isActive } : r)));
    },
    affects: (room) => [roomKey(room.id), ROOMS_KEY],
  }, handlers);
}

export function useDeleteRoom(handlers: Handlers<Room, unknown> = {}) {
  return useChange<Room, unknown>({
    request: (room) => ({ method: "DELETE", path: `/api/rooms/${room.id}` }),
    describe: (room) => `Delete room ${room.name}`,
    optimistic: (cache, room) => {
      cache.setQueryData<Room[]>(ROOMS_KEY, (list) => list?.filter((r) => r.id !== room.id));
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
}
