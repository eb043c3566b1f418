// Granting a group a room and taking it away (spec 2 §2 "Group rooms", §7),
// through the one mutation layer with optimistic edits of the group's rooms
// and its room count.
import { byName } from "../../api/by_name";
import { type Group, groupKey, groupRoomsKey, GROUPS_KEY, patchCachedGroup } from "../../api/groups";
import { type ChangeHandlers, useChange } from "../../api/mutations";
import type { Room } from "../../api/rooms";

export type GroupRoomChange = { group: Pick<Group, "id" | "name">; room: Room };

const keys = ({ group }: GroupRoomChange) => [groupRoomsKey(group.id), groupKey(group.id), GROUPS_KEY];

export function useAddGroupRoom(handlers: ChangeHandlers<GroupRoomChange, Room> = {}) {
  return useChange<GroupRoomChange, Room>({
    request: ({ group, room }) => ({ method: "POST", path: `/api/groups/${group.id}/rooms/${room.id}` }),
    describe: ({ group, room }) => `Add room ${room.name} to ${group.name}`,
    optimistic: (cache, { group, room }) => {
      let added = false;
      cache.setQueryData<Room[]>(groupRoomsKey(group.id), (rooms) => {
        if (rooms?.some((r) => r.id === room.id)) return rooms;
        added = true;
        return [...(rooms ?? []), room].sort(byName);
      });
      if (added) patchCachedGroup(cache, group.id, (g) => ({ ...g, roomCount: g.roomCount + 1 }));
    },
    affects: keys,
  }, handlers);
}

export function useRemoveGroupRoom(handlers: ChangeHandlers<GroupRoomChange, unknown> = {}) {
  return useChange<GroupRoomChange, unknown>({
    request: ({ group, room }) => ({ method: "DELETE", path: `/api/groups/${group.id}/rooms/${room.id}` }),
    describe: ({ group, room }) => `Remove room ${room.name} from ${group.name}`,
    optimistic: (cache, { group, room }) => {
      cache.setQueryData<Room[]>(groupRoomsKey(group.id), (rooms) => rooms?.filter((r) => r.id !== room.id));
      patchCachedGroup(cache, group.id, (g) => ({ ...g, roomCount: Math.max(0, g.roomCount - 1) }));
    },
    affects: keys,
  }, handlers);
}
