// Every change of schedules and holiday calendars goes through the one mutation
// layer (useChange): queued in the outbox with its optimistic cache edit, sent
// with an Idempotency-Key; edits carry If-Match on the version they were based on.
import { byName } from "../../api/by_name";
import { editCachedGroupRooms } from "../../api/groups";
import { type ChangeHandlers, useChange, versionOf } from "../../api/mutations";
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

export function useCreateSchedule(handlers: ChangeHandlers<ScheduleForm, Schedule> = {}) {
  return useChange<ScheduleForm, Schedule>({
    request: (form) => ({ method: "POST", path: "/api/schedules", body: scheduleRequest(form) }),
    describe: (form) => `Add schedule ${form.name.trim()}`,
    creates: true,
    optimistic: (cache, form, tempId) => {
      const now = new Date().toISOString();
      const row: Schedule = { id: tempId, ...scheduleRequest(form), createdAt: now, updatedAt: now, usedBy: { grants: 0, rooms: 0 } };
      cache.setQueryData<Schedule[]>(SCHEDULES_KEY, (list) => [...(list ?? []), row].sort(byName));
      cache.setQueryData<Schedule>(scheduleKey(tempId), row);
    },
    // A calendar's count of schedules may change.
    affects: () => [SCHEDULES_KEY, CALENDARS_KEY],
  }, handlers);
}

export type ScheduleEdit = { schedule: Schedule; form: ScheduleForm };

export function useUpdateSchedule(handlers: ChangeHandlers<ScheduleEdit, Schedule> = {}) {
  return useChange<ScheduleEdit, Schedule>({
    request: ({ schedule, form }) => ({
      method: "PUT",
      path: `/api/schedules/${schedule.id}`,
      body: scheduleRequest(form),
      baseVersion: versionOf(schedule),
    }),
    describe: ({ form }) => `Edit schedule ${form.name.trim()}`,
    optimistic: (cache, { schedule, form }) => {
      const edit = scheduleRequest(form);
      patchCachedSchedule(cache, schedule.id, (s) => ({ ...s, ...edit }));
      // Groups' rooms show the grant's schedule by name.
      editCachedGroupRooms(cache, (rooms) => rooms.map((r) => (r.scheduleId === schedule.id ? { ...r, scheduleName: edit.name } : r)));
    },
    affects: ({ schedule }) => [scheduleKey(schedule.id), SCHEDULES_KEY, CALENDARS_KEY],
  }, handlers);
}

export function useDeleteSchedule(handlers: ChangeHandlers<Schedule, unknown> = {}) {
  return useChange<Schedule, unknown>({
    request: (schedule) => ({ method: "DELETE", path: `/api/schedules/${schedule.id}` }),
    describe: (schedule) => `Delete schedule ${schedule.name}`,
    optimistic: (cache, schedule) => {
      cache.setQueryData<Schedule[]>(SCHEDULES_KEY, (list) => list?.filter((s) => s.id !== schedule.id));
    },
    affects: () => [SCHEDULES_KEY, CALENDARS_KEY],
  }, handlers);
}

export type CalendarForm = { name: string; holidays: Holiday[] };

export function useCreateCalendar(handlers: ChangeHandlers<CalendarForm, HolidayCalendar> = {}) {
  return useChange<CalendarForm, HolidayCalendar>({
    request: ({ name, holidays }) => ({ method: "POST", path: "/api/holiday-calendars", body: calendarRequest(name, holidays) }),
    describe: ({ name }) => `Add holiday calendar ${name.trim()}`,
    creates: true,
    optimistic: (cache, { name, holidays }, tempId) => {
      const now = new Date().toISOString();
      const row: HolidayCalendar = { id: tempId, ...calendarRequest(name, holidays), createdAt: now, updatedAt: now, usedBy: { schedules: 0 } };
      cache.setQueryData<HolidayCalendar[]>(CALENDARS_KEY, (list) => [...(list ?? []), row].sort(byName));
      cache.setQueryData<HolidayCalendar>(calendarKey(tempId), row);
    },
    affects: () => [CALENDARS_KEY],
  }, handlers);
}

export type CalendarEdit = { calendar: HolidayCalendar; form: CalendarForm };

export function useUpdateCalendar(handlers: ChangeHandlers<CalendarEdit, HolidayCalendar> = {}) {
  return useChange<CalendarEdit, HolidayCalendar>({
    request: ({ calendar, form }) => ({
      method: "PUT",
      path: `/api/holiday-calendars/${calendar.id}`,
      body: calendarRequest(form.name, form.holidays),
      baseVersion: versionOf(calendar),
    }),
    describe: ({ form }) => `Edit holiday calendar ${form.name.trim()}`,
    optimistic: (cache, { calendar, form }) => {
      const edit = calendarRequest(form.name, form.holidays);
      patchCachedCalendar(cache, calendar.id, (c) => ({ ...c, ...edit }));
    },
    affects: ({ calendar }) => [calendarKey(calendar.id), CALENDARS_KEY],
  }, handlers);
}

export function useDeleteCalendar(handlers: ChangeHandlers<HolidayCalendar, unknown> = {}) {
  return useChange<HolidayCalendar, unknown>({
    request: (calendar) => ({ method: "DELETE", path: `/api/holiday-calendars/${calendar.id}` }),
    describe: (calendar) => `Delete holiday calendar ${calendar.name}`,
    optimistic: (cache, calendar) => {
      cache.setQueryData<HolidayCalendar[]>(CALENDARS_KEY, (list) => list?.filter((c) => c.id !== calendar.id));
    },
    affects: () => [CALENDARS_KEY],
  }, handlers);
}
