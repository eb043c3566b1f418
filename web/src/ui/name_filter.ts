// How the lists of named things (groups, rooms, a group's rooms) are searched:
// the search trimmed, in any case, within the name (and the description).
type Named = { name: string; description?: string | null };

const needleOf = (search: string) => search.trim().toLowerCase();

/** True when the search is in the name or the description (always for a blank search). */
export function matchesName(item: Named, search: string, withDescription = true): boolean {
  const needle = needleOf(search);
  return !needle || item.name.toLowerCase().includes(needle) ||
    (withDescription && (item.description ?? "").toLowerCase().includes(needle));
}

/** Things whose name or description holds the search; deactivated ones only when asked. */
export function filterByNameOrDescription<T extends Named & { isActive: boolean }>(
  items: readonly T[],
  search: string,
  showDeactivated = true,
): T[] {
  return items.filter((item) => (showDeactivated || item.isActive) && matchesName(item, search));
}

/** Things whose name holds the search. */
export const filterByName = <T extends Named>(items: readonly T[], search: string): T[] =>
  items.filter((item) => matchesName(item, search, false));
