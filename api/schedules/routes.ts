// Schedule and holiday calendar calls of spec 3 §1. Admin only. Names are unique
// regardless of case (409); a schedule or calendar in use cannot be deleted (409).
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, uniqueOr409 } from "../http/errors.ts";
import { notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { auditedDeleteUnused, auditedEdit, type RowKind, rowOr404 } from "../http/audited_rows.ts";
import { transaction } from "../http/transaction.ts";
import { readBody } from "../http/read_body.ts";
import { allow } from "../auth/access.ts";
import type { Queries } from "../db/connect.ts";
import { auditChange } from "../audit/record.ts";
import type { HolidayCalendar, Schedule, ScheduleDetail } from "./contract.ts";
import { CALENDAR_MESSAGES, holidayCalendarBody, SCHEDULE_MESSAGES, scheduleBody, type ScheduleInput } from "./schemas.ts";
import { createSchedule, findSchedule, listSchedules, scheduleRules, updateSchedule } from "./repo.ts";
import { createCalendar, findCalendar, holdCalendar, listCalendars, updateCalendar } from "./calendars_repo.ts";
import { isOpen, nextChange } from "./schedule_time.ts";

/** What the audit trail shows of a schedule and of a calendar. */
const SCHEDULE = ["name", "description", "timeZone", "weekly", "holidayCalendarId"];
const CALENDAR = ["name", "holidays"];

const missingSchedule = notFound.schedule;
const missingCalendar = notFound.holidayCalendar;

const SCHEDULES: RowKind<Schedule> = {
  table: "schedules",
  type: "schedule",
  fields: SCHEDULE,
  find: findSchedule,
  missing: missingSchedule,
};
const CALENDARS: RowKind<HolidayCalendar> = {
  table: "holiday_calendars",
  type: "holiday_calendar",
  fields: CALENDAR,
  find: findCalendar,
  missing: missingCalendar,
};
const scheduleOr404 = (sql: Queries, id: number) => rowOr404(SCHEDULES, sql, id);
const calendarOr404 = (sql: Queries, id: number) => rowOr404(CALENDARS, sql, id);

/** The schedule's zone checked and its calendar held for the rest of the transaction (400 when either is unknown). */
async function checkReferences(tx: Queries, input: ScheduleInput): Promise<ScheduleInput> {
  // Intl and PostgreSQL each keep a zone database: a zone one of them lacks would fail a decision.
  const [zone] = await tx`select 1 from pg_timezone_names where name = ${input.timeZone}`;
  if (!zone) throw badRequest(SCHEDULE_MESSAGES.unknownTimeZone);
  if (input.holidayCalendarId !== null && !(await holdCalendar(tx, input.holidayCalendarId))) {
    throw badRequest(missingCalendar().message);
  }
  return input;
}

async function withState(sql: Queries, id: number): Promise<ScheduleDetail> {
  const schedule = await scheduleOr404(sql, id);
  const rule = (await scheduleRules(sql, [id])).get(id)!;
  const now = new Date();
  return { ...schedule, openNow: isOpen(rule, now), nextChange: nextChange(rule, now) };
}

export const scheduleRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listSchedules(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const body = await readBody(c, scheduleBody);
    const schedule = await transaction(c.var.sql, async (tx) => {
      const input = await checkReferences(tx, body);
      const id = await uniqueOr409(transaction(tx, (t) => createSchedule(t, input)), SCHEDULE_MESSAGES.taken);
      return await scheduleOr404(tx, id);
    });
    auditChange(c, "schedule", "create", null, schedule, SCHEDULE);
    return c.json(schedule, 201);
  })
  .get("/:id", allow.admin, async (c) => c.json(await withState(c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const body = await readBody(c, scheduleBody);
    const schedule = await auditedEdit(c, SCHEDULES, id, async (tx) => {
      const input = await checkReferences(tx, body);
      await uniqueOr409(transaction(tx, (t) => updateSchedule(t, id, input)), SCHEDULE_MESSAGES.taken);
    });
    return c.json(schedule);
  })
  .delete("/:id", allow.admin, async (c) => {
    const inUse = (s: Schedule) => (s.usedBy.grants + s.usedBy.rooms > 0 ? SCHEDULE_MESSAGES.inUse : null);
    return c.json(await auditedDeleteUnused(c, SCHEDULES, idParam(c), inUse));
  });

export const holidayCalendarRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listCalendars(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const input = await readBody(c, holidayCalendarBody);
    const sql = c.var.sql;
    const id = await uniqueOr409(transaction(sql, (tx) => createCalendar(tx, input)), CALENDAR_MESSAGES.taken);
    const calendar = await calendarOr404(sql, id);
    auditChange(c, "holiday_calendar", "create", null, calendar, CALENDAR);
    return c.json(calendar, 201);
  })
  .get("/:id", allow.admin, async (c) => c.json(await calendarOr404(c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await readBody(c, holidayCalendarBody);
    const calendar = await auditedEdit(c, CALENDARS, id, (tx) => uniqueOr409(transaction(tx, (t) => updateCalendar(t, id, input)), CALENDAR_MESSAGES.taken));
    return c.json(calendar);
  })
  .delete("/:id", allow.admin, async (c) => {
    const inUse = (cal: HolidayCalendar) => (cal.usedBy.schedules > 0 ? CALENDAR_MESSAGES.inUse : null);
    return c.json(await auditedDeleteUnused(c, CALENDARS, idParam(c), inUse));
  });
