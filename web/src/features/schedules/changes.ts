// Every change of schedules and holiday calendars goes through the one mutation
// layer (useChange): queued in the outbox with its optimistic cache edit, sent
// with an Idempotency-Key; edits carry If-Match on the version they were based on.
import { byName } from "../../api/by_name";
import { editCachedGroupRooms } from "../../api/groups";
import { cacheCreated, type EntityKind, useDeleteChange, useEditChange } from "../../api/entity_changes";
import { type ChangeHandlers, useChange } from "../../api/mutations";
import {
  calendarKey,
  CALENDARS_KEY,
  type Holiday,
  type HolidayCalendar,
  patchCachedCalendar,
  patchCachedSchedule,
  type Schedule,
  scheduleKey,
  SCHEDULES_KEY,
} from "../../api/schedules";
import { calendarRequest } from "./calendar_form";
import { type ScheduleForm, scheduleRequest } from "./schedule_form";

const SCHEDULE: EntityKind<Schedule> = { path: "/api/schedules", list: SCHEDULES_KEY, detail: scheduleKey, patch: patchCachedSchedule };
const CALENDAR: EntityKind<HolidayCalendar> = {
  path: "/api/holiday-calendars",
  list: CALENDARS_KEY,
  detail: calendarKey,
  patch: patchCachedCalendar,
};

export function useCreateSchedule(handlers: ChangeHandlers<ScheduleForm, Schedule> = {}) {
  return useChange<ScheduleForm, Schedule>({
    request: (form) => ({ method: "POST", path: "/api/schedules", body: scheduleRequest(form) }),
    describe: (form) => `Add schedule ${form.name.trim()}`,
    creates: true,
    optimistic: (cache, form, tempId) => {
      const now = new Date().toISOString();
      const row: Schedule = { id: tempId, ...scheduleRequest(form), createdAt: now, updatedAt: now, usedBy: { grants: 0, rooms: 0 } };
      cacheCreated(cache, SCHEDULE, row, byName);
    },
    // A calendar's count of schedules may change.
    affects: () => [SCHEDULES_KEY, CALENDARS_KEY],
  }, handlers);
}

export type ScheduleEdit = { schedule: Schedule; form: ScheduleForm };

export const useUpdateSchedule = (handlers: ChangeHandlers<ScheduleEdit, Schedule> = {}) =>
  useEditChange(SCHEDULE, {
    entity: ({ schedule }: ScheduleEdit) => schedule,
    body: ({ form }) => scheduleRequest(form),
    describe: ({ form }) => `Edit schedule ${form.name.trim()}`,
    // Groups' rooms show the grant's schedule by name.
    also: (cache, { schedule }, edit) =>
      editCachedGroupRooms(cache, (rooms) => rooms.map((r) => (r.scheduleId === schedule.id ? { ...r, scheduleName: edit.name } : r))),
    affects: ({ schedule }) => [scheduleKey(schedule.id), SCHEDULES_KEY, CALENDARS_KEY],
  }, handlers);

export const useDeleteSchedule = (handlers: ChangeHandlers<Schedule, unknown> = {}) =>
  useDeleteChange(SCHEDULE, { describe: (schedule) => `Delete schedule ${schedule.name}`, affects: () => [SCHEDULES_KEY, CALENDARS_KEY] }, handlers);

export type CalendarForm = { name: string; holidays: Holiday[] };

export function useCreateCalendar(handlers: ChangeHandlers<CalendarForm, HolidayCalendar> = {}) {
  return useChange<CalendarForm, HolidayCalendar>({
    request: ({ name, holidays }) => ({ method: "POST", path: "/api/holiday-calendars", body: calendarRequest(name, holidays) }),
    describe: ({ name }) => `Add holiday calendar ${name.trim()}`,
    creates: true,
    optimistic: (cache, { name, holidays }, tempId) => {
      const now = new Date().toISOString();
      const row: HolidayCalendar = { id: tempId, ...calendarRequest(name, holidays), createdAt: now, updatedAt: now, usedBy: { schedules: 0 } };
      cacheCreated(cache, CALENDAR, row, byName);
    },
    affects: () => [CALENDARS_KEY],
  }, handlers);
}

export type CalendarEdit = { calendar: HolidayCalendar; form: CalendarForm };

export const useUpdateCalendar = (handlers: ChangeHandlers<CalendarEdit, HolidayCalendar> = {}) =>
  useEditChange(CALENDAR, {
    entity: ({ calendar }: CalendarEdit) => calendar,
    body: ({ form }) => calendarRequest(form.name, form.holidays),
    describe: ({ form }) => `Edit holiday calendar ${form.name.trim()}`,
    affects: ({ calendar }) => [calendarKey(calendar.id), CALENDARS_KEY],
  }, handlers);

export const useDeleteCalendar = (handlers: ChangeHandlers<HolidayCalendar, unknown> = {}) =>
  useDeleteChange(CALENDAR, { describe: (calendar) => `Delete holiday calendar ${calendar.name}`, affects: () => [CALENDARS_KEY] }, handlers);
