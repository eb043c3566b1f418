// Schedule and holiday calendar calls of spec 3 §1. Admin only. Names are unique
// regardless of case (409); a schedule or calendar in use cannot be deleted (409).
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, conflict, uniqueOr409 } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { readBody } from "../http/read_body.ts";
import { allow } from "../auth/access.ts";
import type { Queries } from "../db/connect.ts";
import { deleteRow, lockRow } from "../db/rows.ts";
import type { Deleted } from "../http/contract.ts";
import { auditChange } from "../audit/record.ts";
import type { ScheduleDetail } from "./contract.ts";
import { CALENDAR_MESSAGES, holidayCalendarBody, SCHEDULE_MESSAGES, scheduleBody, type ScheduleInput } from "./schemas.ts";
import { createSchedule, findSchedule, listSchedules, scheduleRules, updateSchedule } from "./repo.ts";
import { createCalendar, findCalendar, holdCalendar, listCalendars, updateCalendar } from "./calendars_repo.ts";
import { isOpen, nextChange } from "./schedule_time.ts";

/** What the audit trail shows of a schedule and of a calendar. */
const SCHEDULE = ["name", "description", "timeZone", "weekly", "holidayCalendarId"];
const CALENDAR = ["name", "holidays"];

const missingSchedule = notFound.schedule;
const missingCalendar = notFound.holidayCalendar;

const scheduleOr404 = async (sql: Queries, id: number) => found(await findSchedule(sql, id), missingSchedule);
const calendarOr404 = async (sql: Queries, id: number) => found(await findCalendar(sql, id), missingCalendar);

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
    const schedule = await transaction(c.var.sql, async (tx) => {
      const before = await lockForEdit(c, tx, "schedules", id, findSchedule, missingSchedule);
      const input = await checkReferences(tx, body);
      await uniqueOr409(transaction(tx, (t) => updateSchedule(t, id, input)), SCHEDULE_MESSAGES.taken);
      const after = await scheduleOr404(tx, id);
      auditChange(c, "schedule", "update", before, after, SCHEDULE);
      return after;
    });
    return c.json(schedule);
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    await transaction(c.var.sql, async (tx) => {
      if (!(await lockRow(tx, "schedules", id))) throw missingSchedule();
      const before = await scheduleOr404(tx, id);
      if (before.usedBy.grants + before.usedBy.rooms > 0) throw conflict(SCHEDULE_MESSAGES.inUse);
      await deleteRow(tx, "schedules", id);
      auditChange(c, "schedule", "delete", before, null, SCHEDULE);
    });
    return c.json({ success: true, id } satisfies Deleted);
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
    const calendar = await transaction(c.var.sql, async (tx) => {
      const before = await lockForEdit(c, tx, "holiday_calendars", id, findCalendar, missingCalendar);
      await uniqueOr409(transaction(tx, (t) => updateCalendar(t, id, input)), CALENDAR_MESSAGES.taken);
      const after = await calendarOr404(tx, id);
      auditChange(c, "holiday_calendar", "update", before, after, CALENDAR);
      return after;
    });
    return c.json(calendar);
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    await transaction(c.var.sql, async (tx) => {
      if (!(await lockRow(tx, "holiday_calendars", id))) throw missingCalendar();
      const before = await calendarOr404(tx, id);
      if (before.usedBy.schedules > 0) throw conflict(CALENDAR_MESSAGES.inUse);
      await deleteRow(tx, "holiday_calendars", id);
      auditChange(c, "holiday_calendar", "delete", before, null, CALENDAR);
    });
    return c.json({ success: true, id } satisfies Deleted);
  });
