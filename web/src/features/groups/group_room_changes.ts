// Granting a group a room, taking it away, and choosing the grant's schedule
// (spec 2 §2 "Group rooms", §7; spec 3 §1), through the one mutation layer with
// optimistic edits of the group's rooms and its room count.
import { byName } from "../../api/by_name";
import { type Group, groupKey, type GroupRoom, groupRoomsKey, GROUPS_KEY, patchCachedGroup } from "../../api/groups";
import { type ChangeHandlers, isSaved, useChange } from "../../api/mutations";
import { type Schedule, SCHEDULES_KEY } from "../../api/schedules";

export type GroupRoomChange = { group: Pick<Group, "id" | "name">; room: Pick<GroupRoom, "id" | "name" | "description" | "isActive" | "grantUpdatedAt"> };

const keys = ({ group }: GroupRoomChange) => [groupRoomsKey(group.id), groupKey(group.id), GROUPS_KEY];

export function useAddGroupRoom(handlers: ChangeHandlers<GroupRoomChange, GroupRoom> = {}) {
  return useChange<GroupRoomChange, GroupRoom>({
    request: ({ group, room }) => ({ method: "POST", path: `/api/groups/${group.id}/rooms/${room.id}` }),
    describe: ({ group, room }) => `Add room ${room.name} to ${group.name}`,
    optimistic: (cache, { group, room }) => {
      let added = false;
      cache.setQueryData<GroupRoom[]>(groupRoomsKey(group.id), (rooms) => {
        if (rooms?.some((r) => r.id === room.id)) return rooms;
        added = true;
        const { id, name, description, isActive } = room;
        // A new grant holds at all times.
        return [...(rooms ?? []), { id, name, description, isActive, scheduleId: null, scheduleName: null }].sort(byName);
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
      cache.setQueryData<GroupRoom[]>(groupRoomsKey(group.id), (rooms) => rooms?.filter((r) => r.id !== room.id));
      patchCachedGroup(cache, group.id, (g) => ({ ...g, roomCount: Math.max(0, g.roomCount - 1) }));
    },
    // A schedule's count of grants may change.
    affects: (change) => [...keys(change), SCHEDULES_KEY],
  }, handlers);
}

/** The grant's schedule: a schedule, or null for at all times ("Always"). */
export type GrantSchedule = GroupRoomChange & { schedule: Pick<Schedule, "id" | "name"> | null };

export function useSetGrantSchedule(handlers: ChangeHandlers<GrantSchedule, GroupRoom> = {}) {
  return useChange<GrantSchedule, GroupRoom>({
    request: ({ group, room, schedule }) => ({
      method: "PUT",
      path: `/api/groups/${group.id}/rooms/${room.id}`,
      body: { scheduleId: schedule?.id ?? null },
      // If-Match on the grant's own version (the room's updatedAt is the room's).
      baseVersion: isSaved(group.id) && isSaved(room.id) ? room.grantUpdatedAt : undefined,
      versionField: "grantUpdatedAt",
    }),
    describe: ({ group, room, schedule }) => `Set the schedule of ${room.name} in ${group.name} to ${schedule?.name ?? "Always"}`,
    optimistic: (cache, { group, room, schedule }) => {
      cache.setQueryData<GroupRoom[]>(groupRoomsKey(group.id), (rooms) =>
        rooms?.map((r) => (r.id === room.id ? { ...r, scheduleId: schedule?.id ?? null, scheduleName: schedule?.name ?? null } : r)));
    },
    affects: ({ group }) => [groupRoomsKey(group.id), SCHEDULES_KEY],
  }, handlers);
}
