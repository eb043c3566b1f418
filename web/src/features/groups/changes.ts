// Every change of the groups area goes through the one mutation layer
// (useChange), with an optimistic cache edit so the screens follow at once and
// offline; edits carry If-Match on the version they were based on.
import type { QueryClient } from "@tanstack/react-query";
import { type Queued, useChange } from "../../api/mutations";
import { type User, userGroupsKey, userKey, USERS_KEY } from "../users/api";
import { versionOf } from "../users/changes";
import { type Group, groupKey, GROUPS_KEY, type Member, groupUsersKey } from "./api";

type Handlers<TVars, TResult> = {
  onSuccess?: (result: TResult | Queued, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
};

export function patchCachedGroup(cache: QueryClient, id: number, patch: (group: Group) => Group) {
  cache.setQueryData<Group[]>(GROUPS_KEY, (list) => list?.map((g) => (g.id === id ? patch(g) : g)));
  cache.setQueryData<Group>(groupKey(id), (group) => (group ? patch(group) : group));
}

const byName = (a: Group, b: Group) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });

export function useCreateGroup(handlers: Handlers<string, Group> = {}) {
  return useChange<string, Group>({
    request: (name) => ({ method: "POST", path: "/api/groups", body: { name, description: "", isActive: true } }),
    describe: (name) => `Add group ${name}`,
    creates: true,
    optimistic: (cache, name, tempId) => {
      const now = new Date().toISOString();
      const row: Group = {
        id: tempId,
        name,
        description: null,
        isActive: true,
        createdAt: now,
        updatedAt: now,
        userCount: 0,
        roomCount: 0,
      };
      cache.setQueryData<Group[]>(GROUPS_KEY, (list) => [...(list ?? []), row].sort(byName));
      cache.setQueryData<Group>(groupKey(tempId), row);
      cache.setQueryData<Member[]>(groupUsersKey(tempId), []);
    },
    affects: () => [GROUPS_KEY],
  }, handlers);
}

export type GroupEdit = { group: Group; name: string; description: string };

export function useUpdateGroup(handlers: Handlers<GroupEdit, Group> = {}) {
  return useChange<GroupEdit, Group>({
    request: ({ group, name, description }) => ({
      method: "PUT",
      path: `/api/groups/${group.id}`,
      body: { name, description },
      baseVersion: versionOf(group),
    }),
    describe: ({ name }) => `Edit group ${name}`,
    optimistic: (cache, { group, name, description }) => patchCachedGroup(cache, group.id, (g) => ({ ...g, name, description })),
    affects: ({ group }) => [groupKey(group.id), GROUPS_KEY],
  }, handlers);
}

export function useToggleGroup(handlers: Handlers<Group, Group> = {}) {
  return useChange<Group, Group>({
    request: (group) => ({ method: "PATCH", path: `/api/groups/${group.id}/toggle-active` }),
    describe: (group) => `${group.isActive ? "Deactivate" : "Activate"} group ${group.name}`,
    optimistic: (cache, group) => patchCachedGroup(cache, group.id, (g) => ({ ...g, isActive: !group.isActive })),
    // Admin badges follow the Admin group's state.
    affects: (group) => [groupKey(group.id), GROUPS_KEY, USERS_KEY],
  }, handlers);
}

export function useDeleteGroup(handlers: Handlers<Group, unknown> = {}) {
  return useChange<Group, unknown>({
    request: (group) => ({ method: "DELETE", path: `/api/groups/${group.id}` }),
    describe: (group) => `Delete group ${group.name}`,
    optimistic: (cache, group) => {
      cache.setQueryData<Group[]>(GROUPS_KEY, (list) => list?.filter((g) => g.id !== group.id));
    },
    affects: () => [GROUPS_KEY, USERS_KEY],
  }, handlers);
}

export type Membership = { group: Pick<Group, "id" | "name" | "isActive">; user: Member };

/** What membership changes touch: the group's members and counts, the user's groups. */
const membershipKeys = ({ group, user }: Membership) => [
  groupUsersKey(group.id),
  groupKey(group.id),
  GROUPS_KEY,
  USERS_KEY,
  userKey(user.id),
  userGroupsKey(user.id),
];

function countMembers(cache: QueryClient, groupId: number, delta: number) {
  patchCachedGroup(cache, groupId, (g) => ({ ...g, userCount: Math.max(0, g.userCount + delta) }));
}

function editUserGroups(cache: QueryClient, { group, user }: Membership, add: boolean) {
  const edit = (u: User): User => ({
    ...u,
    groups: add
      ? [...u.groups.filter((g) => g.id !== group.id), { id: group.id, name: group.name, isActive: group.isActive }]
      : u.groups.filter((g) => g.id !== group.id),
  });
  cache.setQueryData<User[]>(USERS_KEY, (list) => list?.map((u) => (u.id === user.id ? edit(u) : u)));
  cache.setQueryData<User>(userKey(user.id), (u) => (u ? edit(u) : u));
}

const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email;

export function useAddMember(handlers: Handlers<Membership, Member> = {}) {
  return useChange<Membership, Member>({
    request: ({ group, user }) => ({ method: "POST", path: `/api/groups/${group.id}/users/${user.id}` }),
    describe: ({ group, user }) => `Add ${memberName(user)} to ${group.name}`,
    optimistic: (cache, vars) => {
      let added = false;
      cache.setQueryData<Member[]>(groupUsersKey(vars.group.id), (members) => {
        if (members?.some((m) => m.id === vars.user.id)) return members;
        added = true;
        return [...(members ?? []), vars.user].sort((a, b) => memberName(a).localeCompare(memberName(b)));
      });
      if (added) countMembers(cache, vars.group.id, 1);
      editUserGroups(cache, vars, true);
    },
    affects: membershipKeys,
  }, handlers);
}

export function useRemoveMember(handlers: Handlers<Membership, unknown> = {}) {
  return useChange<Membership, unknown>({
    request: ({ group, user }) => ({ method: "DELETE", path: `/api/groups/${group.id}/users/${user.id}` }),
    describe: ({ group, user }) => `Remove ${memberName(user)} from ${group.name}`,
    optimistic: (cache, vars) => {
      cache.setQueryData<Member[]>(groupUsersKey(vars.group.id), (members) => members?.filter((m) => m.id !== vars.user.id));
      countMembers(cache, vars.group.id, -1);
      editUserGroups(cache, vars, false);
    },
    affects: membershipKeys,
  }, handlers);
}

export { memberName };
