// The "Open now — closes at 17:00" line and the list's "Open now" (spec 3 §1),
// worked out in the browser with the server's own evaluation module, so the
// screens say what the doors decide, offline too (from cached schedules). Times
// are the schedule's wall clock, in its own zone.
import {
  addDays,
  isOpen,
  nextChange,
  type ScheduleRule,
  wallClock,
} from "../../../../api/schedules/schedule_time.ts";
import type { HolidayCalendar, Schedule } from "../../api/schedules";

/**
 * What deciding needs: the schedule's zone and week, and its calendar's holidays
 * as far as this device knows them (none when the calendar was never read here).
 */
export function scheduleRule(
  schedule: Pick<Schedule, "timeZone" | "weekly" | "holidayCalendarId">,
  calendars: readonly HolidayCalendar[] | undefined,
): ScheduleRule {
  const calendar = calendars?.find((c) => c.id === schedule.holidayCalendarId);
  return { timeZone: schedule.timeZone, weekly: schedule.weekly, holidays: calendar?.holidays ?? [] };
}

export const openNowText = (open: boolean) => (open ? "Open now" : "Closed now");

const time = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).format(at);
const weekday = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long" }).format(at);
const longDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(at)
    .replace(",", "");

/**
 * When the change comes, in the schedule's zone: "at 17:00" today, "Monday 08:00"
 * within the week, else with its date. Also how a member's door says when it opens.
 */
export function whenText(change: Date, now: Date, open: boolean, timeZone: string): string {
  const today = wallClock(now, timeZone).date;
  const local = wallClock(change, timeZone);
  if (local.date === today) return `at ${time(change, timeZone)}`;
  // A day's last window ends at 24:00, which the clock reads as the next day's 00:00.
  if (open && local.ms === 0 && local.date === addDays(today, 1)) return "at 24:00";
  if (local.date <= addDays(today, 6)) return `${weekday(change, timeZone)} ${time(change, timeZone)}`;
  return `${longDate(change, timeZone)} ${time(change, timeZone)}`;
}

/** "Open now — closes at 17:00", "Closed now — opens Monday 08:00"; alone when it never changes. */
export function openLine(rule: ScheduleRule, now: Date): { open: boolean; text: string } {
  const open = isOpen(rule, now);
  const change = nextChange(rule, now);
  if (!change) return { open, text: openNowText(open) };
  return { open, text: `${openNowText(open)} — ${open ? "closes" : "opens"} ${whenText(change, now, open, rule.timeZone)}` };
}

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What uses a schedule: "2 grants, 1 room", or "Not used". */
export function scheduleUsedBy({ grants, rooms }: Schedule["usedBy"]): string {
  const parts = [grants && counted(grants, "grant"), rooms && counted(rooms, "room")].filter(Boolean);
  return parts.length ? parts.join(", ") : "Not used";
}

/** What uses a calendar: "1 schedule", or "Not used". */
export const calendarUsedBy = ({ schedules }: HolidayCalendar["usedBy"]) => (schedules ? counted(schedules, "schedule") : "Not used");
