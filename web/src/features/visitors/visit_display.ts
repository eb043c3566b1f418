// What the visitors' screens say and which visits each shows (spec 4 §5 "Screens"),
// pure: a visit's status chip, the Visitors page's tabs and search, the window in
// words in a given time zone, and the form's times. The status comes from the clock
// by the server's own rules (api/visits/visit_rules.ts), so a chip turns from
// `Upcoming` to `Active` on time, offline too.
import type { Visit as ServerVisit, VisitPass as ServerPass } from "../../../../api/visits/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import { activeFrom, visitStatus, type VisitStatus } from "../../../../api/visits/visit_rules.ts";
import { clockText } from "../../ui/clock_text";

export type Visit = Json<ServerVisit>;
export type VisitPass = Json<ServerPass>;

export const VISIT_TEXTS = {
  title: "Visitors",
  subtitle: "Guests, their passes and when they come",
  today: "Today",
  upcoming: "Upcoming",
  past: "Past",
  add: "Add Visit",
  addTitle: "Add Visit",
  create: "Create Visit",
  editTitle: "Edit Visit",
  save: "Save Changes",
  saving: "Saving...",
  search: "Search visitors...",
  searchLabel: "Search visitors by guest, e-mail or host",
  guestName: "Guest name",
  guestEmail: "Guest e-mail",
  guestEmailHelp: "The guest is e-mailed their pass.",
  host: "Host",
  rooms: "Rooms",
  start: "Start",
  end: "End",
  note: "Note",
  added: "Visit added",
  updated: "Visit updated",
  createFailed: "Failed to add visit",
  updateFailed: "Failed to update visit",
  copyLink: "Copy pass link",
  linkCopied: "Pass link copied",
  copyFailed: "Could not copy the pass link",
  copyFailedHelp: "The browser did not allow it. Try Copy pass link again.",
  newLinkTitle: "Make a new pass link?",
  newLinkText:
    "The pass link can only be read when the visit is made. A new link will be made and copied, and the guest's current link and QR code stop working. The PIN stays the same.",
  newLinkConfirm: "Make New Link",
  newLinkFailed: "Failed to make a new pass link",
  edit: "Edit",
  revoke: "Revoke",
  revokeTitle: "Revoke Pass",
  revokeText: "Revoke this pass? The guest will no longer get in.",
  revoking: "Revoking...",
  revoked: "Pass revoked",
  revokeFailed: "Failed to revoke pass",
  needConnection: "Visitors need a connection",
  fetchFailed: "Failed to fetch visits",
  loading: "Loading visits...",
  noneToday: "No visitors today.",
  noneUpcoming: "No upcoming visits.",
  nonePast: "No past visits in the last 30 days.",
  noMatch: "No visits match your search.",
  pin: "PIN",
} as const;

export type VisitTab = "today" | "upcoming" | "past";

/** The chip a visit wears: the spec's five words, an arrival with its time. */
export type Chip = { label: string; color: "neutral" | "primary" | "success" | "warning" | "danger" };

/** `Upcoming`, `Active`, `Arrived HH:MM` (with the date when not today), `Ended`, `Revoked`. */
export function statusChip(visit: Pick<Visit, "startsAt" | "endsAt" | "revokedAt" | "arrivedAt">, now: Date, timeZone?: string): Chip {
  const status = statusOf(visit, now);
  if (status === "revoked") return { label: "Revoked", color: "danger" };
  if (status === "ended") return { label: "Ended", color: "neutral" };
  if (status === "upcoming") return { label: "Upcoming", color: "primary" };
  return visit.arrivedAt ? { label: `Arrived ${clockText(visit.arrivedAt, now, timeZone)}`, color: "success" } : { label: "Active", color: "warning" };
}

/** The status by the server's rules, from the visit's own window and the clock. */
export const statusOf = (visit: Pick<Visit, "startsAt" | "endsAt" | "revokedAt">, now: Date): VisitStatus =>
  visitStatus({ startsAt: new Date(visit.startsAt), endsAt: new Date(visit.endsAt), revokedAt: visit.revokedAt ? new Date(visit.revokedAt) : null }, now);

/** Whether the visit may still be changed: Edit, Revoke and a new pass link (the server's 409 after). */
export const isOpenVisit = (visit: Pick<Visit, "startsAt" | "endsAt" | "revokedAt">, now: Date) => {
  const status = statusOf(visit, now);
  return status === "upcoming" || status === "active";
};

/** How far back the Past tab reads. */
export const PAST_DAYS = 30;

/** The viewer's day around `now` (the browser's own zone): its midnight and the next. */
export function dayOf(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { start, end: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1) };
}

/**
 * The tabs split visits by time alone, on the viewer's day: `Today` those whose window
 * touches it, `Upcoming` those starting after it, `Past` those ended before it. The
 * chip says the rest (a revoked visit of next week is Upcoming, `Revoked`).
 */
export function tabOf(visit: Pick<Visit, "startsAt" | "endsAt">, now: Date): VisitTab {
  const { start, end } = dayOf(now);
  if (Date.parse(visit.startsAt) >= end.getTime()) return "upcoming";
  if (Date.parse(visit.endsAt) <= start.getTime()) return "past";
  return "today";
}

/** The list a tab reads (GET /api/visits keeps visits overlapping from–to): its address. */
export function tabUrl(tab: VisitTab, now: Date): string {
  const { start, end } = dayOf(now);
  const span = tab === "today"
    ? { from: start, to: end }
    : tab === "upcoming"
    ? { from: end }
    : { from: new Date(start.getFullYear(), start.getMonth(), start.getDate() - PAST_DAYS), to: start };
  const params = new URLSearchParams();
  if (span.from) params.set("from", span.from.toISOString());
  if ("to" in span && span.to) params.set("to", span.to.toISOString());
  return `/api/visits?${params}`;
}

/**
 * A tab's visits: those of the tab (the read may hold a visit of today that goes on
 * tomorrow), matching the search in guest name, e-mail or host (the server's
 * fields), by start; the Past tab newest first.
 */
export function tabVisits<T extends Pick<Visit, "startsAt" | "endsAt" | "guestName" | "guestEmail" | "host">>(
  visits: readonly T[],
  tab: VisitTab,
  search: string,
  now: Date,
): T[] {
  const needle = search.trim().toLowerCase();
  const shown = visits.filter((visit) =>
    tabOf(visit, now) === tab &&
    (!needle || [visit.guestName, visit.guestEmail ?? "", visit.host.name].some((text) => text.toLowerCase().includes(needle)))
  );
  const byStart = (a: T, b: T) => Date.parse(a.startsAt) - Date.parse(b.startsAt);
  return shown.sort(tab === "past" ? (a, b) => byStart(b, a) : byStart);
}

/** The empty text of a tab, or of a search that found nothing. */
export const emptyText = (tab: VisitTab, search: string) =>
  search.trim() ? VISIT_TEXTS.noMatch : tab === "today" ? VISIT_TEXTS.noneToday : tab === "upcoming" ? VISIT_TEXTS.noneUpcoming : VISIT_TEXTS.nonePast;

/** A member's guests on /app: those still to come or here now, by start. */
export const currentGuests = <T extends Pick<Visit, "startsAt" | "endsAt" | "revokedAt">>(visits: readonly T[], now: Date): T[] =>
  visits.filter((visit) => isOpenVisit(visit, now)).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

// --- The window in words, in a time zone (the pass page's: the visitor's own). ---

const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();
function formattersFor(timeZone: string) {
  let made = formatters.get(timeZone);
  if (!made) {
    made = {
      date: new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" }),
      time: new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }),
      day: new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }),
    };
    formatters.set(timeZone, made);
  }
  return made;
}

/** "Fri, 27 Nov 2026, 09:00" in the zone. */
export function momentText(iso: string, timeZone: string): string {
  const { date, time } = formattersFor(timeZone);
  return `${date.format(new Date(iso))}, ${time.format(new Date(iso))}`;
}

/** "Fri, 27 Nov 2026, 09:00–17:00" within a day; "Fri, 27 Nov 2026, 09:00 – Sat, 28 Nov 2026, 12:00" across days. */
export function windowText(startsAt: string, endsAt: string, timeZone: string): string {
  const { day, time } = formattersFor(timeZone);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (day.format(start) === day.format(end)) return `${momentText(startsAt, timeZone)}–${time.format(end)}`;
  return `${momentText(startsAt, timeZone)} – ${momentText(endsAt, timeZone)}`;
}

/** When the pass starts to work (15 minutes before the visit starts), as ISO text. */
export const passOpensAt = (startsAt: string) => activeFrom(new Date(startsAt)).toISOString();

// --- The form's times: the browser's datetime-local fields, in its own zone. ---

const pad = (n: number) => String(n).padStart(2, "0");

/** A moment as a datetime-local field shows it: "2026-11-27T09:00" on the browser's clock. */
export function localInput(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local field's value as the ISO text the API takes (with its offset, Z); null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const QUARTER_MS = 15 * 60 * 1000;

/** A new visit's window: from the next quarter hour, for two hours. */
export function defaultWindow(now: Date): { start: string; end: string } {
  const start = new Date(Math.ceil(now.getTime() / QUARTER_MS) * QUARTER_MS);
  return { start: localInput(start), end: localInput(new Date(start.getTime() + 2 * 60 * 60 * 1000)) };
}
