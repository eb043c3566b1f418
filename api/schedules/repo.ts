// SQL of schedules: the list with what uses each, single reads and writes, and
// what deciding needs of one (its zone, week and calendar's holidays).
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { firstRow } from "../db/rows.ts";
import type { Schedule } from "./contract.ts";
import type { ScheduleInput } from "./schemas.ts";
import type { ScheduleRule } from "./schedule_time.ts";

const selectSchedules = (sql: Queries, where: postgres.Fragment) =>
  sql<Schedule[]>`
    select s.id, s.name, s.description, s.time_zone, s.weekly, s.holiday_calendar_id,
           s.created_at, s.updated_at,
           json_build_object(
             'grants', (select count(*)::int from group_rooms gr where gr.schedule_id = s.id),
             'rooms', (select count(*)::int from rooms r where r.unlock_schedule_id = s.id)
           ) as used_by
    from schedules s
    ${where}
    order by lower(s.name), s.id`;

export const listSchedules = (sql: Queries) => selectSchedules(sql, sql``);

export function findSchedule(sql: Queries, id: number): Promise<Schedule | undefined> {
  return firstRow(selectSchedules(sql, sql`where s.id = ${id}`));
}


const columns = (sql: Queries, input: ScheduleInput) => ({
  name: input.name,
  description: input.description,
  timeZone: input.timeZone,
  weekly: sql.json(input.weekly),
  holidayCalendarId: input.holidayCalendarId,
});

export async function createSchedule(sql: Queries, input: ScheduleInput): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into schedules ${sql(columns(sql, input))} returning id`;
  return row.id;
}

export async function updateSchedule(sql: Queries, id: number, input: ScheduleInput) {
  await sql`update schedules set ${sql(columns(sql, input))} where id = ${id}`;
}


/** The schedules with their calendars' holidays, by id: what evaluating them needs. */
export async function scheduleRuleRows(sql: Queries, ids: number[]): Promise<({ id: number; name: string } & ScheduleRule)[]> {
  if (!ids.length) return [];
  return await sql<({ id: number; name: string } & ScheduleRule)[]>`
    select s.id, s.name, s.time_zone, s.weekly, coalesce(c.holidays, '[]'::jsonb) as holidays
    from schedules s left join holiday_calendars c on c.id = s.holiday_calendar_id
    where s.id = any(${ids}::int[])
    order by s.id`;
}

export async function scheduleRules(sql: Queries, ids: number[]): Promise<Map<number, ScheduleRule>> {
  const rows = await scheduleRuleRows(sql, ids);
  return new Map(rows.map(({ id, name: _, ...rule }) => [id, rule]));
}

/**
 * Whether the schedule exists, held (FOR KEY SHARE) until the transaction ends so
 * that a delete cannot take it from under the grant or room about to use it.
 */
export async function holdSchedule(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from schedules where id = ${id} for key share`;
  return Boolean(row);
}
