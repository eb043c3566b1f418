// Every change of the groups area goes through the one mutation layer
// (useChange), with an optimistic cache edit so the screens follow at once and
// offline; edits carry If-Match on the version they were based on.
import type { QueryClient } from "@tanstack/react-query";
import { byName } from "../../api/by_name";
import { type Group, groupKey, GROUPS_KEY, patchCachedGroup } from "../../api/groups";
import { cacheCreated, type EntityKind, useDeleteChange, useToggleChange } from "../../api/entity_changes";
import { type ChangeHandlers, useChange, versionOf } from "../../api/mutations";
import { patchCachedUser, userGroupsKey, userKey, USERS_KEY } from "../../api/users";
import { userLabel } from "../../api/user_display";
import { groupUsersKey, type Member } from "./api";

const GROUP: EntityKind<Group> = { path: "/api/groups", list: GROUPS_KEY, detail: groupKey, patch: patchCachedGroup };

export function useCreateGroup(handlers: ChangeHandlers<string, Group> = {}) {
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
        lockdownOverride: false,
        createdAt: now,
        updatedAt: now,
        userCount: 0,
        roomCount: 0,
      };
      cacheCreated(cache, GROUP, row, byName);
      cache.setQueryData<Member[]>(groupUsersKey(tempId), []);
    },
    affects: () => [GROUPS_KEY],
  }, handlers);
}

export type GroupEdit = { group: Group; name: string; description: string; lockdownOverride: boolean };

export function useUpdateGroup(handlers: ChangeHandlers<GroupEdit, Group> = {}) {
  return useChange<GroupEdit, Group>({
    request: ({ group, name, description, lockdownOverride }) => ({
      method: "PUT",
      path: `/api/groups/${group.id}`,
      body: { name, description, lockdownOverride },
      baseVersion: versionOf(group),
    }),
    describe: ({ name }) => `Edit group ${name}`,
    optimistic: (cache, { group, name, description, lockdownOverride }) =>
      patchCachedGroup(cache, group.id, (g) => ({ ...g, name, description, lockdownOverride })),
    affects: ({ group }) => [groupKey(group.id), GROUPS_KEY],
  }, handlers);
}

export const useToggleGroup = (handlers: ChangeHandlers<Group, Group> = {}) =>
  useToggleChange(GROUP, {
    describe: (group) => `${group.isActive ? "Deactivate" : "Activate"} group ${group.name}`,
    // Admin badges follow the Admin group's state.
    affects: (group) => [groupKey(group.id), GROUPS_KEY, USERS_KEY],
  }, handlers);

export const useDeleteGroup = (handlers: ChangeHandlers<Group, unknown> = {}) =>
  useDeleteChange(GROUP, { describe: (group) => `Delete group ${group.name}`, affects: () => [GROUPS_KEY, USERS_KEY] }, handlers);

/** The person is a member row or a user row from the Add dialog: what both carry. */
export type Membership = {
  group: Pick<Group, "id" | "name" | "isActive">;
  user: Pick<Member, "id" | "email" | "firstName" | "lastName" | "isActive" | "updatedAt">;
};

/** The member row shown until the server answers: added now. */
const memberRow = ({ id, email, firstName, lastName, isActive, updatedAt }: Membership["user"]): Member =>
  ({ id, email, firstName, lastName, isActive, updatedAt, addedAt: new Date().toISOString() });

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
  patchCachedUser(cache, user.id, (u) => ({
    ...u,
    groups: add
      ? [...u.groups.filter((g) => g.id !== group.id), { id: group.id, name: group.name, isActive: group.isActive }]
      : u.groups.filter((g) => g.id !== group.id),
  }));
}

export function useAddMember(handlers: ChangeHandlers<Membership, Member> = {}) {
  return useChange<Membership, Member>({
    request: ({ group, user }) => ({ method: "POST", path: `/api/groups/${group.id}/users/${user.id}` }),
    describe: ({ group, user }) => `Add ${userLabel(user)} to ${group.name}`,
    optimistic: (cache, vars) => {
      let added = false;
      cache.setQueryData<Member[]>(groupUsersKey(vars.group.id), (members) => {
        if (members?.some((m) => m.id === vars.user.id)) return members;
        added = true;
        return [...(members ?? []), memberRow(vars.user)].sort((a, b) => userLabel(a).localeCompare(userLabel(b)));
      });
      if (added) countMembers(cache, vars.group.id, 1);
      editUserGroups(cache, vars, true);
    },
    affects: membershipKeys,
  }, handlers);
}

export function useRemoveMember(handlers: ChangeHandlers<Membership, unknown> = {}) {
  return useChange<Membership, unknown>({
    request: ({ group, user }) => ({ method: "DELETE", path: `/api/groups/${group.id}/users/${user.id}` }),
    describe: ({ group, user }) => `Remove ${userLabel(user)} from ${group.name}`,
    optimistic: (cache, vars) => {
      cache.setQueryData<Member[]>(groupUsersKey(vars.group.id), (members) => members?.filter((m) => m.id !== vars.user.id));
      countMembers(cache, vars.group.id, -1);
      editUserGroups(cache, vars, false);
    },
    affects: membershipKeys,
  }, handlers);
}

