// Groups as every screen reads them (spec 1 §7, spec 2 §7): the list with its
// counts, one group, a group's rooms (also shown on a user's Groups tab), and
// the cache edits changes make to them (the rooms screens edit a group's rooms
// when a room is renamed or deleted). What only the groups screens read (the
// members) is in features/groups/api.ts.
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { patchCachedEntity, useEntity } from "./entity_cache";
import { isSaved } from "./mutations";
import type { GroupWithCounts } from "../../../api/groups/contract.ts";
import type { GrantedRoom } from "../../../api/group_rooms/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

/** A group with its member and room counts, as the list answers it (api/groups/contract.ts). */
export type Group = Json<GroupWithCounts>;

/**
 * A room as GET /api/groups/{id}/rooms lists it, with the grant's schedule (only
 * what these screens show) and the grant's version (none yet for a grant made offline).
 */
export type GroupRoom =
  & Pick<Json<GrantedRoom>, "id" | "name" | "description" | "isActive" | "scheduleId" | "scheduleName">
  & Partial<Pick<Json<GrantedRoom>, "grantUpdatedAt">>;

export const GROUPS_KEY = ["/api/groups/with-counts"] as const;
export const groupKey = (id: number) => [`/api/groups/${id}`] as const;
export const groupRoomsKey = (id: number) => [`/api/groups/${id}/rooms`] as const;

/** Spec 1 §9: the groups-with-counts read retries once. */
export const useGroups = (enabled = true) => useQuery<Group[]>({ queryKey: GROUPS_KEY, retry: 1, enabled });

/** The group; while it loads (or was made offline) the list's row stands in. */
export const useGroup = (id: number) => useEntity<Group>(GROUPS_KEY, groupKey, id);

export const useGroupRooms = (id: number, enabled = true) =>
  useQuery<GroupRoom[]>({ queryKey: groupRoomsKey(id), enabled: enabled && isSaved(id) });

/** Applies a change to the group in the list and on its own page. */
export const patchCachedGroup = (cache: QueryClient, id: number, patch: (group: Group) => Group) =>
  patchCachedEntity(cache, { list: GROUPS_KEY, detail: groupKey(id) }, id, patch);

/** Every cached group's room list, edited in place (a room renamed, switched off or deleted). */
export function editCachedGroupRooms(cache: QueryClient, edit: (rooms: GroupRoom[]) => GroupRoom[]) {
  const lists = cache.getQueryCache().findAll({
    predicate: (q) => /^\/api\/groups\/-?\d+\/rooms$/.test(String(q.queryKey[0])),
  });
  for (const query of lists) cache.setQueryData<GroupRoom[]>(query.queryKey, (rooms) => (rooms ? edit(rooms) : rooms));
}
