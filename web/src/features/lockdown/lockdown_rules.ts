// The lockdown screens' texts and rules (spec 3 §2), pure: what Start Lockdown
// checks before it calls (the server's own messages), and how the banner names
// the rooms, the start and who started it.

import { LOCKDOWN_MESSAGES as SERVER, REASON_MAX } from "../../../../api/lockdowns/messages.ts";

export { REASON_MAX };

export const LOCKDOWN_MESSAGES = {
  started: "Lockdown started",
  startFailed: "Failed to start lockdown",
  ended: "Lockdown ended",
  endFailed: "Failed to end lockdown",
  needsConnection: "Lockdown needs a connection",
  inEffect: "Lockdown in effect",
  endConfirm: "End the lockdown? Doors return to their normal schedules.",
  allRooms: "All rooms",
  reasonRequired: SERVER.reasonRequired,
  reasonTooLong: SERVER.reasonTooLong,
  noRooms: SERVER.roomsRequired,
} as const;

export type LockdownScope = "all" | "rooms";
export type LockdownForm = { scope: LockdownScope; roomIds: number[]; reason: string };

/** The first problem the server would refuse the form for, or null. */
export function lockdownProblem({ scope, roomIds, reason }: LockdownForm): string | null {
  const trimmed = reason.trim();
  if (scope === "rooms" && roomIds.length === 0) return LOCKDOWN_MESSAGES.noRooms;
  if (!trimmed) return LOCKDOWN_MESSAGES.reasonRequired;
  if (trimmed.length > REASON_MAX) return LOCKDOWN_MESSAGES.reasonTooLong;
  return null;
}

/** What POST /api/lockdowns is sent: an `all` lockdown names no rooms. */
export const lockdownBody = ({ scope, roomIds, reason }: LockdownForm) =>
  scope === "all" ? { scope, reason: reason.trim() } : { scope, roomIds, reason: reason.trim() };

type Covered = { scope: LockdownScope; roomIds: readonly number[] };

/**
 * The rooms a lockdown covers, by name: `All rooms`, or the names in the order
 * given (rooms not known here yet, say while the list loads, are counted instead).
 */
export function lockdownRooms({ scope, roomIds }: Covered, names: ReadonlyMap<number, string>): string {
  if (scope === "all") return LOCKDOWN_MESSAGES.allRooms;
  const known = roomIds.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
  if (known.length === roomIds.length) return known.join(", ");
  return roomIds.length === 1 ? "1 room" : `${roomIds.length} rooms`;
}

/** "since Mar 3, 2026, 2:05 PM by Avery Adams" (the zone: the browser's, unless given). */
export function lockdownSince(startedAt: string, by: string, timeZone?: string): string {
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(startedAt));
  return `since ${when} by ${by}`;
}
