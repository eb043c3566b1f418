// Schedules and holiday calendars as every screen reads them (spec 3 §1): the
// lists, one of each, and the cache edits a change makes to them. The schedule
// screens edit them; a group's rooms and a room's door pick schedules from the
// list.
import type { QueryClient } from "@tanstack/react-query";
import { useQuery } from "@tanstack/react-query";
import { patchCachedEntity, useEntity } from "./entity_cache";
import type { HolidayCalendar as ServerCalendar, Schedule as ServerSchedule } from "../../../api/schedules/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

export type { Day, Holiday, TimeWindow, Weekly } from "../../../api/schedules/contract.ts";

/** A schedule as the list answers it (api/schedules/contract.ts); the page's read adds fields it does not use. */
export type Schedule = Json<ServerSchedule>;
export type HolidayCalendar = Json<ServerCalendar>;

export const SCHEDULES_KEY = ["/api/schedules"] as const;
export const scheduleKey = (id: number) => [`/api/schedules/${id}`] as const;
export const CALENDARS_KEY = ["/api/holiday-calendars"] as const;
export const calendarKey = (id: number) => [`/api/holiday-calendars/${id}`] as const;

export const useSchedules = (enabled = true) => useQuery<Schedule[]>({ queryKey: SCHEDULES_KEY, enabled });

/** The schedule; while it loads (or was made offline) the list's row stands in. */
export const useSchedule = (id: number) => useEntity<Schedule>(SCHEDULES_KEY, scheduleKey, id);

export const useCalendars = (enabled = true) => useQuery<HolidayCalendar[]>({ queryKey: CALENDARS_KEY, enabled });

export const useCalendar = (id: number) => useEntity<HolidayCalendar>(CALENDARS_KEY, calendarKey, id);

export const patchCachedSchedule = (cache: QueryClient, id: number, patch: (schedule: Schedule) => Schedule) =>
  patchCachedEntity(cache, { list: SCHEDULES_KEY, detail: scheduleKey(id) }, id, patch);

export const patchCachedCalendar = (cache: QueryClient, id: number, patch: (calendar: HolidayCalendar) => HolidayCalendar) =>
  patchCachedEntity(cache, { list: CALENDARS_KEY, detail: calendarKey(id) }, id, patch);
