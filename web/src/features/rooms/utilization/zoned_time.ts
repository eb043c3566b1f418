// Wall-clock arithmetic in a named IANA time zone, with nothing but Intl.
// The utilization rules speak of "today", "08:00" and "seven days ago at 09:00":
// local wall-clock times, which on daylight-saving days are not 24 hours apart.
// Every function takes the zone explicitly (default: the browser's own), so the
// rules are testable on fixed clocks in any zone.
import { zoneFormatter } from "../../../../../api/schedules/schedule_time.ts";

export type CalendarDate = { year: number; month: number; day: number };
export type WallTime = CalendarDate & { hour: number; minute: number; second: number };

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The zone the browser (or test process) runs in. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What a wall clock in timeZone shows at this instant. */
export function wallClock(instant: Date | number, timeZone = localTimeZone()): WallTime {
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

const utcOfWall = (w: WallTime) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The zone's offset from UTC at this instant, in milliseconds (New York in winter: -5 h). */
export function offsetAt(instant: number, timeZone = localTimeZone()): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return utcOfWall(wallClock(whole, timeZone)) - whole;
}

/**
 * The instant a wall clock in timeZone shows this time. A time skipped by a
 * spring-forward change resolves to the instant just after the gap (02:30 on the
 * change day in New York is 03:30); a time that happens twice takes the first.
 */
export function instantOf(wall: WallTime, timeZone = localTimeZone()): Date {
  const asUtc = utcOfWall(wall);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  if (first === second) return new Date(first);
  // Two candidates: keep one whose wall clock really shows the asked-for time.
  const shows = (t: number) => utcOfWall(wallClock(t, timeZone)) === asUtc;
  if (shows(first) && shows(second)) return new Date(Math.min(first, second));
  if (shows(second)) return new Date(second);
  if (shows(first)) return new Date(first);
  return new Date(Math.max(first, second)); // in the gap: after it
}

/** The calendar date a wall clock in timeZone shows at this instant. */
export function dateOf(instant: Date | number, timeZone = localTimeZone()): CalendarDate {
  const { year, month, day } = wallClock(instant, timeZone);
  return { year, month, day };
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: CalendarDate) =>
  new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();

export const isWeekday = (date: CalendarDate) => {
  const day = weekdayOf(date);
  return day >= 1 && day <= 5;
};

/** The instant of hour:minute on that calendar date, on the zone's wall clock. */
export const at = (date: CalendarDate, hour: number, minute: number, timeZone = localTimeZone()) =>
  instantOf({ ...date, hour, minute, second: 0 }, timeZone);

export const compareDates = (a: CalendarDate, b: CalendarDate) =>
  Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** 'YYYY-MM-DD'. */
export const isoDate = (date: CalendarDate) =>
  `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;

/** Parses 'YYYY-MM-DD'; undefined when it is not a real date. */
export function parseIsoDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const normal = addDays(date, 0); // 30 February becomes 2 March
  return normal.month === date.month && normal.day === date.day ? date : undefined;
}

/** '+HH:MM' / '-HH:MM' for an offset in milliseconds. */
export function formatOffset(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / MINUTE_MS);
  return `${offsetMs < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
