// Filtering of the groups screens (spec 1 §2), pure: groups by name or
// description, members by name or e-mail, and the "Add Users" picker, which
// offers only active users who are not members yet.
type Named = { name: string; description?: string | null; isActive: boolean };
type Person = { id: number; firstName?: string | null; lastName?: string | null; email: string; isActive: boolean };

const needleOf = (search: string) => search.trim().toLowerCase();

/** Groups whose name or description holds the search; deactivated ones only when asked. */
export function filterGroups<T extends Named>(groups: readonly T[], search: string, showDeactivated = true): T[] {
  const needle = needleOf(search);
  return groups.filter((g) =>
    (showDeactivated || g.isActive) &&
    (!needle || g.name.toLowerCase().includes(needle) || (g.description ?? "").toLowerCase().includes(needle))
  );
}

const personMatches = (person: Person, needle: string) =>
  !needle ||
  `${person.firstName ?? ""} ${person.lastName ?? ""}`.toLowerCase().includes(needle) ||
  person.email.toLowerCase().includes(needle);

/** Members whose full name or e-mail holds the search. */
export function filterMembers<T extends Person>(members: readonly T[], search: string): T[] {
  const needle = needleOf(search);
  return members.filter((m) => personMatches(m, needle));
}

/** Who the "Add Users" dialog offers: active users, not already members, matching the search. */
export function pickableUsers<T extends Person>(users: readonly T[], memberIds: ReadonlySet<number>, search: string): T[] {
  const needle = needleOf(search);
  return users.filter((u) => u.isActive && !memberIds.has(u.id) && personMatches(u, needle));
}

export const GROUPS_EMPTY = "No groups found";
export const MEMBERS_EMPTY = "No users in this group.";
export const MEMBERS_NO_MATCH = "No users found matching your search.";
export const USER_GROUPS_EMPTY = "No groups assigned to this user.";
export const USER_GROUPS_NO_MATCH = "No groups found matching your search.";

/** The remove-member confirmation (spec 1 §2). */
export const removeMemberText = (name: string) =>
  `Are you sure you want to remove ${name} from this group? They will lose all access from group.`;
