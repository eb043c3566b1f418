// How a user's Access tab (spec 4 §7) words its rooms, pure: the tab's title and
// when a room's `Can open now` next changes, in the viewer's own time zone (the
// admin reading it), worded as the schedule page and Your Doors word a time to come.
import type { User } from "../../api/users";
import { userLabel } from "../../api/user_display";
import { whenText } from "../schedules/public";

/** `What <firstName> can open`; a user without a first name by the name the header shows. */
export const userAccessTitle = (user: Pick<User, "firstName" | "lastName" | "email">) =>
  `What ${user.firstName?.trim() || userLabel(user)} can open`;

/** The empty text: none of the user's groups holds a room. */
export const userAccessEmpty = (user: Pick<User, "firstName" | "lastName" | "email">) =>
  `No rooms: none of ${user.firstName?.trim() || userLabel(user)}'s groups holds one.`;

/** The browser's own zone: the viewer's. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * When the room's `Can open now` next changes: while it can, `Until 17:00` (today),
 * `Until Monday 08:00` (within the week), `Until Monday 16 March 2026 08:00` (further),
 * `Until 24:00` (a window ending at midnight); while it cannot, `From …` the same way.
 * Null when only an admin's change can change it.
 */
export function nextChangeText(nextChange: string | null, canOpenNow: boolean, now: Date, timeZone: string): string | null {
  if (!nextChange) return null;
  const when = whenText(new Date(nextChange), now, canOpenNow, timeZone).replace(/^at /, "");
  return `${canOpenNow ? "Until" : "From"} ${when}`;
}
