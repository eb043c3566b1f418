// How a room's Access tab (spec 4 §7) words what the review answers, pure: its texts,
// and the room's guests: their window in the viewer's time zone and their chip, from
// the clock by the visits' own rule (api/visits/visit_rules.ts), so an upcoming guest
// turns Active on time and an ended one leaves the list, offline too.
import type { RoomGuest } from "../../api/access_review";
import { visitStatus } from "../../../../api/visits/visit_rules.ts";
import { clocksFor } from "../../ui/clock_text";
import { statusChip } from "../visitors/public";

export const ROOM_ACCESS_TEXTS = {
  title: "Who can open this room",
  people: "People",
  peopleLabel: "People who can open this room",
  search: "Search people...",
  searchLabel: "Search people by name or email",
  loading: "Loading access...",
  fetchFailed: "Failed to fetch access",
  none: "No one has access to this room: no active group holds it.",
  noMatch: "No people match your search.",
  roomInactive: "This room is deactivated: it opens for no one.",
  guests: "Guests",
  guestsLabel: "Guests of this room",
  noGuests: "No guests active or upcoming.",
} as const;

export type GuestChip = ReturnType<typeof statusChip>;

/**
 * The guests still to come or here now, by start (the answer's order), each with its
 * chip as the Visitors page words it: `Upcoming` until the pass works (15 minutes
 * before the start), `Active` while it does. A visit over since the read is left out.
 */
export function currentGuests(visits: readonly RoomGuest[], now: Date): { visit: RoomGuest; chip: GuestChip }[] {
  const shown: { visit: RoomGuest; chip: GuestChip }[] = [];
  for (const visit of visits) {
    const status = visitStatus({ startsAt: new Date(visit.startsAt), endsAt: new Date(visit.endsAt), revokedAt: null }, now);
    if (status === "upcoming" || status === "active") {
      shown.push({ visit, chip: statusChip({ ...visit, revokedAt: null, arrivedAt: null }, now) });
    }
  }
  return shown;
}

/**
 * A guest's window in the viewer's zone (unless given), 24-hour: `Today, 09:00–17:00`,
 * `Nov 27, 09:00–17:00` within a day, `Nov 27, 09:00 – Nov 28, 12:00` across days.
 */
export function guestWindowText(startsAt: string, endsAt: string, now: Date, timeZone?: string): string {
  const { day, date, time } = clocksFor(timeZone);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const dayOf = (at: Date) => (day.format(at) === day.format(now) ? "Today" : date.format(at));
  if (day.format(start) === day.format(end)) return `${dayOf(start)}, ${time.format(start)}–${time.format(end)}`;
  return `${dayOf(start)}, ${time.format(start)} – ${dayOf(end)}, ${time.format(end)}`;
}
