// The pages of a schedule and of a holiday calendar: where they live and how
// they are read. Both are one page with no tab bar (the tab only names it),
// names are unique in any case (the saved one of that name is the one made
// offline), and what they say comes from the kind's messages.
import type { EntityPages } from "../../ui/EntityLayout";
import { pageOnly } from "../../ui/EntityLayout";
import { type HolidayCalendar, type Schedule, useCalendar, useCalendars, useSchedule, useSchedules } from "../../api/schedules";
import { CALENDAR_MESSAGES } from "./calendar_form";
import { sameName, SCHEDULE_MESSAGES } from "./schedule_form";

type Messages = { loading: string; fetchOneFailed: string; notFound: string };

const namedPages = <T extends { id: number; name: string }>(
  screen: string,
  M: Messages,
  where: Pick<EntityPages<T>, "kind" | "list" | "pageOf" | "read">,
): EntityPages<T> => ({
  ...where,
  tabs: pageOnly(screen),
  made: sameName,
  texts: { loading: M.loading, fetchFailed: M.fetchOneFailed, notFound: M.notFound },
});

export const SCHEDULE_PAGES = namedPages<Schedule>("Schedule", SCHEDULE_MESSAGES, {
  kind: "schedules",
  list: { to: "/dash/schedules", label: "Schedules" },
  pageOf: (id) => `/dash/schedules/${id}`,
  read: { one: useSchedule, all: useSchedules },
});

export const CALENDAR_PAGES = namedPages<HolidayCalendar>("Holiday Calendar", CALENDAR_MESSAGES, {
  kind: "holiday-calendars",
  list: { to: "/dash/schedules?tab=calendars", label: "Holiday Calendars" },
  pageOf: (id) => `/dash/holidays/${id}`,
  read: { one: useCalendar, all: useCalendars },
});
