// What the schedule and holiday calendar calls answer and take (spec 3 §1): the
// one definition the server's SQL and the web's screens both use.
import type { z } from "zod";
import type { grantScheduleBody, grantScheduleUpdate, holidayCalendarBody, scheduleBody } from "./schemas.ts";
import type { Holiday, Weekly } from "./schedule_time.ts";

export type { Day, Holiday, TimeWindow, Weekly } from "./schedule_time.ts";

/** A schedule as the list and every single-schedule call answer it. */
export type Schedule = {
  id: number;
  name: string;
  description: string | null;
  timeZone: string;
  weekly: Weekly;
  holidayCalendarId: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** How many group-room grants and room unlock schedules use it. */
  usedBy: { grants: number; rooms: number };
};

/** GET /api/schedules/{id} adds the present state. */
export type ScheduleDetail = Schedule & { openNow: boolean; nextChange: Date | null };

export type HolidayCalendar = {
  id: number;
  name: string;
  /** In date order. */
  holidays: Holiday[];
  createdAt: Date;
  updatedAt: Date;
  /** How many schedules use it. */
  usedBy: { schedules: number };
};

/** POST and PUT /api/schedules share one body. */
export type ScheduleRequest = z.input<typeof scheduleBody>;
/** POST and PUT /api/holiday-calendars share one body. */
export type HolidayCalendarRequest = z.input<typeof holidayCalendarBody>;
/** POST /api/groups/{id}/rooms/{roomId} (optional) and PUT of the same path. */
export type GrantScheduleRequest = z.input<typeof grantScheduleBody>;
export type GrantScheduleUpdate = z.input<typeof grantScheduleUpdate>;

/** A room's door (GET /api/rooms/{id}/door-state and every room read's doorState). */
export type DoorState = {
  state: "locked" | "unlocked" | "lockdown";
  /** Since when it is in that state, when known. */
  since: Date | null;
  /** The next scheduled change, or null. */
  until: Date | null;
  reason: string;
};
