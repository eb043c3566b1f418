// A holiday calendar's form (spec 3 §1), pure: its holidays in date order, one
// holiday's fields and checks (the server's messages), how a holiday reads in
// the list, and the request body, which POST and PUT share.
import type { HolidayCalendarRequest } from "../../../../api/schedules/contract.ts";
import type { Holiday, HolidayCalendar } from "../../api/schedules";
import { CALENDAR_MESSAGES as SERVER_MESSAGES, holidayProblem as serverHolidayProblem } from "../../../../api/schedules/schemas.ts";
import { cleanWindows } from "./week_rules";

export const CALENDAR_MESSAGES = {
  created: "Holiday calendar created",
  createFailed: "Failed to create holiday calendar",
  updated: "Holiday calendar updated",
  updateFailed: "Failed to update holiday calendar",
  deleted: "Holiday calendar deleted",
  deleteFailed: "Failed to delete holiday calendar",
  fetchFailed: "Failed to fetch holiday calendars",
  fetchOneFailed: "Failed to fetch holiday calendar",
  notFound: "Holiday calendar not found",
  loading: "Loading holiday calendar...",
  listEmpty: "No holiday calendars found matching your search.",
  holidaysEmpty: "No holidays yet.",
  nameRequired: SERVER_MESSAGES.nameRequired,
} as const;


/** Holidays as the server keeps them: by date, then name. */
const byDate = (a: Holiday, b: Holiday) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name));

export const sortHolidays = (holidays: readonly Holiday[]) => [...holidays].sort(byDate);

/** A holiday as its dialog edits it: no end date is "". */
export type HolidayForm = { name: string; date: string; endDate: string; repeatsYearly: boolean; windows: Holiday["windows"] };

export const newHolidayForm = (): HolidayForm => ({ name: "", date: "", endDate: "", repeatsYearly: false, windows: [] });

export const holidayFormOf = (h: Holiday): HolidayForm =>
  ({ name: h.name, date: h.date, endDate: h.endDate ?? "", repeatsYearly: h.repeatsYearly, windows: h.windows });

/** What the server would refuse in the holiday, in its words (its own check); null when nothing. */
export const holidayProblem = (form: HolidayForm): string | null => serverHolidayProblem(holidayOf(form));

/** The holiday as saved: trimmed, one day without an end date, its windows clean. */
export const holidayOf = (form: HolidayForm): Holiday => ({
  name: form.name.trim(),
  date: form.date,
  endDate: form.endDate && form.endDate !== form.date ? form.endDate : null,
  repeatsYearly: form.repeatsYearly,
  windows: cleanWindows(form.windows),
});

/** POST and PUT /api/holiday-calendars: the name and every holiday, in date order. */
export const calendarRequest = (name: string, holidays: readonly Holiday[]) =>
  ({ name: name.trim(), holidays: sortHolidays(holidays) }) satisfies HolidayCalendarRequest;

const dateText = (date: string, yearly: boolean) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: yearly ? undefined : "numeric" })
    .format(new Date(`${date}T00:00:00Z`));

/** "25 December 2026", "24 December – 2 January" (yearly: no year). */
export function holidayDates(h: Pick<Holiday, "date" | "endDate" | "repeatsYearly">): string {
  const first = dateText(h.date, h.repeatsYearly);
  return h.endDate ? `${first} – ${dateText(h.endDate, h.repeatsYearly)}` : first;
}

/** "1 holiday", "3 holidays". */
export const holidayCount = (calendar: Pick<HolidayCalendar, "holidays">) =>
  `${calendar.holidays.length} ${calendar.holidays.length === 1 ? "holiday" : "holidays"}`;
