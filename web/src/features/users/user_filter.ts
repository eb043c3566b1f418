// The users list's filtering (spec 1 §2): search by full name or e-mail, any
// case; deactivated users only with "Show Deactivated". Pure, so it is tested
// on its own, and cheap enough to run on every keystroke over 10,000 users.
type Searchable = { firstName?: string | null; lastName?: string | null; email: string; isActive: boolean };

/** What a search is matched against: "first last email", lower-cased. */
export function haystack(user: Searchable): string {
  return `${user.firstName ?? ""} ${user.lastName ?? ""}\n${user.email}`.toLowerCase();
}

/** True when the search (trimmed, any case) is in the full name or the e-mail. */
export function matchesSearch(user: Searchable, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === "" || haystack(user).includes(needle);
}

/** The users to show, in the list's order. `index` (from haystacks()) avoids re-lowering names per key. */
export function filterUsers<T extends Searchable>(
  users: readonly T[],
  search: string,
  showDeactivated: boolean,
  index: readonly string[] = users.map(haystack),
): T[] {
  const needle = search.trim().toLowerCase();
  const shown: T[] = [];
  for (let i = 0; i < users.length; i++) {
    if (!showDeactivated && !users[i].isActive) continue;
    if (needle && !index[i].includes(needle)) continue;
    shown.push(users[i]);
  }
  return shown;
}

export const USERS_EMPTY = "No users found. Create your first user to get started.";
export const USERS_NO_MATCH = "No users match your search criteria.";

/** The empty-state text: nothing at all, or nothing matching. */
export function usersEmptyText(search: string): string {
  return search.trim() ? USERS_NO_MATCH : USERS_EMPTY;
}
