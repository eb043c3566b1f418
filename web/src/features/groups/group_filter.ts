// Filtering of the groups screens (spec 1 §2, spec 2 §2), pure: members by
// name or e-mail, the "Add Users" picker, which offers only active users who
// are not members yet, and the "Add Rooms" picker. (Groups themselves are
// searched like every named list, ui/name_filter.ts.)
import { matchesName } from "../../ui/name_filter";

type Person = { id: number; firstName?: string | null; lastName?: string | null; email: string; isActive: boolean };

const needleOf = (search: string) => search.trim().toLowerCase();

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

type PickRoom = { id: number; name: string; isActive: boolean };

/** The group's "Add Rooms" picker: active rooms not in the group, by name (not description) in any case. */
export function pickableRooms<T extends PickRoom>(rooms: readonly T[], groupRoomIds: ReadonlySet<number>, search: string): T[] {
  return rooms.filter((r) => r.isActive && !groupRoomIds.has(r.id) && matchesName(r, search, false));
}

export const GROUPS_EMPTY = "No groups found";
export const MEMBERS_EMPTY = "No users in this group.";
export const MEMBERS_NO_MATCH = "No users found matching your search.";

/** The remove-member confirmation (spec 1 §2). */
export const removeMemberText = (name: string) =>
  `Are you sure you want to remove ${name} from this group? They will lose all access from group.`;

/** The remove-room confirmation (spec 2 §2). */
export const removeGroupRoomConfirmation = (room: string, group: string) =>
  `Are you sure you want to remove ${room} from ${group}? The group will lose access to this room.`;
