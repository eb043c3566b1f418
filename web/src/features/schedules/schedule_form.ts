// A schedule's form (the Add dialog and the schedule page, spec 3 §1), pure: its
// fields, the checks made before a change is queued (the server's messages), and
// the request body, which POST and PUT share.
import { isKnownTimeZone } from "../../../../api/schedules/schedule_time.ts";
import type { ScheduleRequest } from "../../../../api/schedules/contract.ts";
import type { Schedule, Weekly } from "../../api/schedules";
import { cleanWeek, emptyWeek, weekProblem } from "./week_rules";

export const SCHEDULE_MESSAGES = {
  created: "Schedule created",
  createFailed: "Failed to create schedule",
  updated: "Schedule updated",
  updateFailed: "Failed to update schedule",
  deleted: "Schedule deleted",
  deleteFailed: "Failed to delete schedule",
  fetchFailed: "Failed to fetch schedules",
  fetchOneFailed: "Failed to fetch schedule",
  notFound: "Schedule not found",
  loading: "Loading schedule...",
  listEmpty: "No schedules found matching your search.",
  // The server's (api/schedules/schemas.ts).
  nameRequired: "Schedule name is required",
  unknownTimeZone: "Unknown time zone",
} as const;

export type ScheduleForm = {
  name: string;
  description: string;
  timeZone: string;
  weekly: Weekly;
  holidayCalendarId: number | null;
};

/** A new schedule: the browser's zone proposed, closed all week until its windows are set. */
export const newScheduleForm = (timeZone: string): ScheduleForm =>
  ({ name: "", description: "", timeZone, weekly: emptyWeek(), holidayCalendarId: null });

export const scheduleFormOf = (schedule: Schedule): ScheduleForm => ({
  name: schedule.name,
  description: schedule.description ?? "",
  timeZone: schedule.timeZone,
  weekly: schedule.weekly,
  holidayCalendarId: schedule.holidayCalendarId,
});

/** The first thing the server would refuse, in its words; null when there is none. */
export function scheduleProblem(form: ScheduleForm): string | null {
  if (!form.name.trim()) return SCHEDULE_MESSAGES.nameRequired;
  if (!isKnownTimeZone(form.timeZone)) return SCHEDULE_MESSAGES.unknownTimeZone;
  return weekProblem(form.weekly);
}

/** POST and PUT /api/schedules: the whole schedule, trimmed, its windows clean. */
export const scheduleRequest = (form: ScheduleForm) => ({
  name: form.name.trim(),
  description: form.description.trim() || null,
  timeZone: form.timeZone,
  weekly: cleanWeek(form.weekly),
  holidayCalendarId: form.holidayCalendarId,
}) satisfies ScheduleRequest;

/** Schedule and holiday calendar names are unique in any case: among saved ones, the one of that name (an offline create, once made). */
export const sameName = <T extends { name: string }>(saved: T[], created: T) =>
  saved.find((s) => s.name.toLowerCase() === created.name.toLowerCase());
