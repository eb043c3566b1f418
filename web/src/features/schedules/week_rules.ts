// The rules of the week editor and a holiday's hours (spec 3 §1), pure: adding,
// removing and copying time windows, and the server's own checks
// (api/schedules/schemas.ts), run here first so a change saved offline is not
// refused later for a mistake the screen could have shown at once.
import { DAYS, minutesOf } from "../../../../api/schedules/schedule_time.ts";
import { windowsProblem as serverWindowsProblem } from "../../../../api/schedules/schemas.ts";
import type { Day, TimeWindow, Weekly } from "../../api/schedules";

/** At most six windows a day. */
const MAX_WINDOWS = 6;

export const DAY_LABELS: Record<Day, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

export const emptyWeek = (): Weekly => Object.fromEntries(DAYS.map((day) => [day, []])) as unknown as Weekly;

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** "9:00" → "09:00", surrounding spaces gone; anything else as typed (the check then names it). */
export function normalTime(text: string): string {
  const t = text.trim();
  return /^\d:\d\d$/.test(t) ? `0${t}` : t;
}

/**
 * The window "Add window" proposes: 09:00–17:00 on an empty day, else the hour
 * after the last window ends (cut at 24:00); null when the day is full or
 * its last window reaches the end of the day.
 */
export function nextWindow(windows: readonly TimeWindow[]): TimeWindow | null {
  if (windows.length >= MAX_WINDOWS) return null;
  if (windows.length === 0) return { start: "09:00", end: "17:00" };
  const ends = windows.map((w) => normalTime(w.end)).filter((t) => TIME.test(t)).map(minutesOf);
  const start = (ends.length ? Math.max(...ends) : 0) + 60;
  if (start >= 24 * 60) return null;
  return { start: clock(start), end: clock(Math.min(start + 60, 24 * 60)) };
}

/** Monday's windows on Tuesday to Friday too; the weekend stays as it is. */
export function copyMondayToWeekdays(weekly: Weekly): Weekly {
  const copy = () => weekly.monday.map((w) => ({ ...w }));
  return { ...weekly, tuesday: copy(), wednesday: copy(), thursday: copy(), friday: copy() };
}

/** The windows as sent: times normalised, in time order (as the server keeps them). */
export const cleanWindows = (windows: readonly TimeWindow[]): TimeWindow[] =>
  windows
    .map((w) => ({ start: normalTime(w.start), end: normalTime(w.end) }))
    .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));

/** What is wrong with one day's windows (`label` names the day or holiday), or null. */
export const windowsProblem = (label: string, windows: readonly TimeWindow[]) =>
  serverWindowsProblem(label, cleanWindows(windows));

/** The first day whose windows are wrong, by the server's message; null when the week is fine. */
export function weekProblem(weekly: Weekly): string | null {
  for (const day of DAYS) {
    const problem = windowsProblem(DAY_LABELS[day], weekly[day]);
    if (problem) return problem;
  }
  return null;
}

/** The week as sent: every day, its windows clean. */
export const cleanWeek = (weekly: Weekly): Weekly =>
  Object.fromEntries(DAYS.map((day) => [day, cleanWindows(weekly[day])])) as unknown as Weekly;

/** "09:00–12:00, 13:00–17:00", or `none` for no windows. */
export const windowsText = (windows: readonly TimeWindow[], none: string) =>
  windows.length ? windows.map((w) => `${w.start}–${w.end}`).join(", ") : none;
