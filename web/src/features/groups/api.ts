// The groups calls the screens read (spec 1 §7), keyed by their URL. Changes
// are in changes.ts.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";

export type Group = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  userCount: number;
  roomCount: number;
};

export type Member = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  addedAt?: string;
  updatedAt?: string;
};

/** A room as GET /api/groups/{id}/rooms lists it (only what these screens show). */
export type GroupRoom = { id: number; name: string; description: string | null; isActive: boolean };

export const GROUPS_KEY = ["/api/groups/with-counts"] as const;
export const groupKey = (id: number) => [`/api/groups/${id}`] as const;
export const groupUsersKey = (id: number) => [`/api/groups/${id}/users`] as const;
export const groupRoomsKey = (id: number) => [`/api/groups/${id}/rooms`] as const;

const isSaved = (id: number) => id > 0;

/** Spec 1 §9: the groups-with-counts read retries once. */
export const useGroups = (enabled = true) => useQuery<Group[]>({ queryKey: GROUPS_KEY, retry: 1, enabled });

export function cachedListGroup(cache: QueryClient, id: number): Group | undefined {
  return cache.getQueryData<Group[]>(GROUPS_KEY)?.find((g) => g.id === id);
}

/** The group; while it loads (or was made offline) the list's row stands in. */
export function useGroup(id: number) {
  const cache = useQueryClient();
  return useQuery<Group>({
    queryKey: groupKey(id),
    enabled: isSaved(id),
    placeholderData: () => cachedListGroup(cache, id),
  });
}

export const useGroupUsers = (id: number) => useQuery<Member[]>({ queryKey: groupUsersKey(id), enabled: isSaved(id) });

export const useGroupRooms = (id: number, enabled = true) =>
  useQuery<GroupRoom[]>({ queryKey: groupRoomsKey(id), enabled: enabled && isSaved(id) });
