// Request bodies of the schedule and holiday calendar calls (spec 3 §1). Messages
// are whole sentences (http/read_body.ts), the spec's where it gives one. Zod and
// schedule_time.ts only: the screens check a week or a holiday with these same rules
// (windowsProblem, holidayProblem) before a change is queued, so an offline edit is
// not refused later for a mistake the screen could show at once.
import { z } from "zod";
import { DAYS, isKnownTimeZone, minutesOf } from "./schedule_time.ts";

export const SCHEDULE_MESSAGES = {
  nameRequired: "Schedule name is required",
  nameTooLong: "Schedule name must be at most 100 characters",
  descriptionTooLong: "Description must be at most 1000 characters",
  unknownTimeZone: "Unknown time zone",
  timeFormat: "Times must be written HH:MM, from 00:00 to 24:00",
  startAt24: "24:00 can only end a time window",
  endAfterStart: "End time must be after start time",
  overlap: (day: string) => `Time windows on ${day} overlap`,
  tooMany: (day: string) => `At most 6 time windows on ${day}`,
  weeklyRequired: "Weekly time windows are required",
  unknownDay: "Weekly time windows are given per day, monday to sunday",
  calendarId: "Holiday calendar must be a holiday calendar's id or null",
  taken: "A schedule with this name already exists",
  inUse: "This schedule is in use: remove it from its grants and rooms first",
  scheduleId: "Schedule must be a schedule's id or null",
} as const;

export const CALENDAR_MESSAGES = {
  nameRequired: "Holiday calendar name is required",
  nameTooLong: "Holiday calendar name must be at most 100 characters",
  holidaysRequired: "Holidays must be a list of holidays",
  holidayFields: "A holiday has a name, date, endDate, repeatsYearly and windows, nothing else",
  tooMany: "A holiday calendar holds at most 366 holidays",
  holidayName: "Every holiday needs a name of at most 100 characters",
  date: "Holiday date must be a real date written YYYY-MM-DD",
  endDate: "Holiday endDate must be a real date written YYYY-MM-DD, or null",
  endBeforeDate: "A holiday cannot end before it starts",
  tooLong: "A holiday can end at most 31 days after it starts",
  repeatsYearly: "repeatsYearly must be true or false",
  taken: "A holiday calendar with this name already exists",
  inUse: "This holiday calendar is in use: remove it from its schedules first",
} as const;

const M = SCHEDULE_MESSAGES;
const label = (day: string) => day[0].toUpperCase() + day.slice(1);
const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const time = z.string({ error: M.timeFormat }).regex(HHMM, M.timeFormat);
/** Both times well written: only then are the window's own rules checked (one message per mistake). */
const wellWritten = (w: { start?: unknown; end?: unknown }) =>
  typeof w.start === "string" && HHMM.test(w.start) && typeof w.end === "string" && HHMM.test(w.end);

const window = z.strictObject({ start: time, end: time }, { error: M.timeFormat })
  .refine((w) => !wellWritten(w) || w.start !== "24:00", { error: M.startAt24, abort: true })
  .refine((w) => !wellWritten(w) || minutesOf(w.end) > minutesOf(w.start), M.endAfterStart);

/** One day's windows: at most six, none overlapping or touching another; kept in time order. */
const dayWindows = (day: string) =>
  z.array(window, { error: M.timeFormat }).max(6, M.tooMany(day))
    .transform((ws) => [...ws].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)))
    .refine((ws) => ws.every((w, i) => i === 0 || minutesOf(w.start) > minutesOf(ws[i - 1].end)), M.overlap(day));

/** An id of another row, or null. */
const reference = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).nullable();

const text = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(100, tooLong);

export const scheduleBody = z.object({
  name: text(M.nameRequired, M.nameTooLong),
  description: z.string({ error: "Description must be text" }).trim().max(1000, M.descriptionTooLong)
    .nullable().optional().transform((value) => value || null),
  timeZone: z.string({ error: M.unknownTimeZone }).max(64, M.unknownTimeZone).refine(isKnownTimeZone, M.unknownTimeZone),
  // Every day present in the answer; a day left out of a request has no windows.
  weekly: z.strictObject(
    Object.fromEntries(DAYS.map((d) => [d, dayWindows(label(d)).default([])])) as {
      [D in (typeof DAYS)[number]]: z.ZodDefault<ReturnType<typeof dayWindows>>;
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? M.unknownDay : M.weeklyRequired) },
  ),
  holidayCalendarId: reference(M.calendarId).optional().default(null),
});
export type ScheduleInput = z.infer<typeof scheduleBody>;

/** A day of the calendar written YYYY-MM-DD, from 0001-01-01 to 9999-12-31 (never throws: zod runs this even after the format failed). */
function isRealDate(d: unknown): d is string {
  if (typeof d !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(d) || d < "0001-01-01") return false;
  const time = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
}
const date = (message: string) => z.string({ error: message }).refine(isRealDate, message);
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const holiday = z.strictObject({
  name: z.string({ error: CALENDAR_MESSAGES.holidayName }).trim().min(1, CALENDAR_MESSAGES.holidayName).max(100, CALENDAR_MESSAGES.holidayName),
  date: date(CALENDAR_MESSAGES.date),
  endDate: date(CALENDAR_MESSAGES.endDate).nullable().optional().transform((d) => d ?? null),
  repeatsYearly: z.boolean({ error: CALENDAR_MESSAGES.repeatsYearly }).optional().default(false),
  windows: z.unknown().optional(),
}, {
  error: (issue) => (issue.code === "unrecognized_keys" ? CALENDAR_MESSAGES.holidayFields : CALENDAR_MESSAGES.holidaysRequired),
})
  // Only between two real dates (zod runs these even when a field above failed).
  .refine((h) => !isRealDate(h.date) || !isRealDate(h.endDate) || h.endDate >= h.date, {
    error: CALENDAR_MESSAGES.endBeforeDate,
    abort: true,
  })
  .refine((h) => !isRealDate(h.date) || !isRealDate(h.endDate) || daysBetween(h.date, h.endDate) <= 31, {
    error: CALENDAR_MESSAGES.tooLong,
    abort: true,
  })
  // The windows are checked with the holiday's name in their messages.
  .transform((h, ctx) => {
    const windows = dayWindows(h.name).default([]).safeParse(h.windows);
    if (!windows.success) {
      for (const issue of windows.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }
    return { ...h, windows: windows.data };
  });

export const holidayCalendarBody = z.object({
  name: text(CALENDAR_MESSAGES.nameRequired, CALENDAR_MESSAGES.nameTooLong),
  holidays: z.array(holiday, { error: CALENDAR_MESSAGES.holidaysRequired }).max(366, CALENDAR_MESSAGES.tooMany)
    .optional().default([])
    // Kept in date order: the first covering holiday decides a day (schedule_time.ts).
    .transform((hs) => [...hs].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name)))),
});
export type HolidayCalendarInput = z.infer<typeof holidayCalendarBody>;

/** The first thing the server would refuse in one day's (or holiday's) windows, in its words; null when none. */
export function windowsProblem(label: string, windows: unknown): string | null {
  const checked = dayWindows(label).safeParse(windows);
  return checked.success ? null : checked.error.issues[0].message;
}

/** The first thing the server would refuse in a holiday, in its words; null when none. */
export function holidayProblem(value: unknown): string | null {
  const checked = holiday.safeParse(value);
  return checked.success ? null : checked.error.issues[0].message;
}

/** A grant's schedule: POST (optional body) and PUT /api/groups/{id}/rooms/{roomId}. */
export const grantScheduleBody = z.object({ scheduleId: reference(M.scheduleId).optional() });
export const grantScheduleUpdate = z.object({ scheduleId: reference(M.scheduleId) }, { error: M.scheduleId });
