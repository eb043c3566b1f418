// How the two Access tabs (spec 4 §7) word what the review answers, pure: the grants
// that let someone through, the `Can open now` chip, and the room tab's search over
// name and e-mail (cheap enough for 10,000 people on every keystroke).
import type { Via } from "./access_review";

export const ACCESS_TEXTS = {
  tab: "Access",
  canOpenNow: "Can open now",
  cannotOpenNow: "Cannot open now",
  export: "Export to CSV",
  always: "Always",
  lockdownOverride: "lockdown override",
} as const;

/**
 * One grant: its group and, in brackets, its schedule (`Always` without one) and
 * whether the group passes a lockdown: `Staff (Office Hours)`, `Security (Always,
 * lockdown override)`. Several: `; ` between, in the answer's order (by group name).
 */
export function viaText(via: readonly Via[]): string {
  return via.map((v) => {
    const notes = [v.scheduleName ?? ACCESS_TEXTS.always, ...(v.lockdownOverride ? [ACCESS_TEXTS.lockdownOverride] : [])];
    return `${v.groupName} (${notes.join(", ")})`;
  }).join("; ");
}

export type OpenChip = { label: string; color: "success" | "neutral" };

/**
 * The `Can open now` chip: `Yes` / `No` under a table's CAN OPEN NOW column; on a
 * card, which has no column header, the whole words `Can open now` / `Cannot open now`.
 */
export function openNowChip(canOpenNow: boolean, form: "cell" | "card"): OpenChip {
  const color = canOpenNow ? "success" : "neutral";
  if (form === "cell") return { label: canOpenNow ? "Yes" : "No", color };
  return { label: canOpenNow ? ACCESS_TEXTS.canOpenNow : ACCESS_TEXTS.cannotOpenNow, color };
}

type Person = { name: string; email: string };

/** What the search looks in: name and e-mail, lower-cased. */
export const personHaystack = (person: Person) => `${person.name}\n${person.email}`.toLowerCase();

/** The people whose name or e-mail holds the search (trimmed, any case), in the answer's order. `index` from personHaystack. */
export function filterPeople<T extends Person>(people: readonly T[], search: string, index: readonly string[] = people.map(personHaystack)): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...people];
  const shown: T[] = [];
  for (let i = 0; i < people.length; i++) if (index[i].includes(needle)) shown.push(people[i]);
  return shown;
}
