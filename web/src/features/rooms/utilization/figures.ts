// The four cards of the Utilization tab (spec 2 §9). Pure functions; `now` and
// the time zone are always passed in.
import type { Session } from "./sessions";
import {
  addDays,
  at,
  compareDates,
  type CalendarDate,
  DAY_MS,
  dateOf,
  HOUR_MS,
  isWeekday,
  localTimeZone,
} from "./zoned_time";

/** Office hours the percentages are measured against: 08:00-20:00. */
export const DAY_START_HOUR = 8;
export const HOURS_PER_DAY = 12;
/** Monthly Utilization counts weekdays from this local date on. */
export const MTD_SINCE: CalendarDate = { year: 2025, month: 7, day: 1 };
export const AVERAGE_DAYS = 30;
export const AVERAGE_LABEL = "per day (30d)";
export const TODAY_WINDOW_LABEL = "8am-8pm";

export type Percent = { percent: number; text: string };

/** A percentage as the cards show it: '0', one decimal under 1 %, whole numbers above. */
export function formatPercent(percent: number): string {
  if (!Number.isFinite(percent) || percent <= 0) return "0";
  if (percent < 1) return percent.toFixed(1);
  return String(Math.round(percent));
}

const percentOf = (used: number, available: number): Percent => {
  const percent = available > 0 ? (used / available) * 100 : 0;
  return { percent, text: formatPercent(percent) };
};

/** Current occupancy: the count, '3+' from 3 on (the sensor measures up to 3+). */
export function formatOccupancy(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count)) return "-";
  if (count >= 3) return "3+";
  return String(Math.max(0, Math.floor(count)));
}

/**
 * Todays Utilization: the seconds of the sessions that started today (local
 * date) over the seconds elapsed since 08:00 today; '0' before 08:00.
 */
export function todaysUtilization(
  sessions: readonly Session[],
  now: Date,
  timeZone = localTimeZone(),
): Percent {
  const today = dateOf(now, timeZone);
  const elapsed = now.getTime() - at(today, DAY_START_HOUR, 0, timeZone).getTime();
  if (elapsed <= 0) return { percent: 0, text: "0" };
  let used = 0;
  for (const s of sessions) {
    if (compareDates(dateOf(s.start, timeZone), today) === 0) {
      used += Math.max(0, Math.min(s.end.getTime(), now.getTime()) - s.start.getTime());
    }
  }
  return percentOf(used, elapsed);
}

/**
 * Seconds the space was available since MTD_SINCE: every weekday (Monday to
 * Friday) counts 12 hours (08:00-20:00); today, if a weekday, only the part of
 * that window already passed.
 */
export function availableSeconds(now: Date, timeZone = localTimeZone(), since = MTD_SINCE): number {
  const today = dateOf(now, timeZone);
  if (compareDates(today, since) < 0) return 0;
  let fullDays = 0;
  for (let day = since; compareDates(day, today) < 0; day = addDays(day, 1)) {
    if (isWeekday(day)) fullDays++;
  }
  let todayMs = 0;
  if (isWeekday(today)) {
    const start = at(today, DAY_START_HOUR, 0, timeZone).getTime();
    todayMs = Math.min(Math.max(now.getTime() - start, 0), HOURS_PER_DAY * HOUR_MS);
  }
  return fullDays * HOURS_PER_DAY * 3600 + todayMs / 1000;
}

/** Monthly Utilization ('MTD'): time_used_raw (ms) / 1000 over the available seconds. */
export function monthlyUtilization(
  timeUsedRaw: number | null | undefined,
  now: Date,
  timeZone = localTimeZone(),
): Percent {
  return percentOf((timeUsedRaw ?? 0) / 1000, availableSeconds(now, timeZone));
}

/** 'N min' under an hour, 'h:mm' from 60 minutes on. */
export function formatDailyMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * Avg Daily Usage: the minutes of the sessions of the last 30 days (those the
 * list shows, fallback included) divided by 30.
 */
export function averageDailyUsage(
  sessions: readonly Session[],
  now: Date,
  days = AVERAGE_DAYS,
): { minutes: number; text: string; label: string } {
  const since = now.getTime() - days * DAY_MS;
  let total = 0;
  for (const s of sessions) {
    const start = Math.max(s.start.getTime(), since);
    const end = Math.min(s.end.getTime(), now.getTime());
    if (end > start) total += end - start;
  }
  const minutes = total / 60_000 / days;
  return { minutes, text: formatDailyMinutes(minutes), label: AVERAGE_LABEL };
}
