// SQL of holiday calendars: the list with how many schedules use each, single
// reads and writes.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { firstRow } from "../db/rows.ts";
import type { HolidayCalendar } from "./contract.ts";
import type { HolidayCalendarInput } from "./schemas.ts";

const selectCalendars = (sql: Queries, where: postgres.Fragment) =>
  sql<HolidayCalendar[]>`
    select c.id, c.name, c.holidays, c.created_at, c.updated_at,
           json_build_object(
             'schedules', (select count(*)::int from schedules s where s.holiday_calendar_id = c.id)
           ) as used_by
    from holiday_calendars c
    ${where}
    order by lower(c.name), c.id`;

export const listCalendars = (sql: Queries) => selectCalendars(sql, sql``);

export function findCalendar(sql: Queries, id: number): Promise<HolidayCalendar | undefined> {
  return firstRow(selectCalendars(sql, sql`where c.id = ${id}`));
}


export async function createCalendar(sql: Queries, input: HolidayCalendarInput): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into holiday_calendars (name, holidays)
    values (${input.name}, ${sql.json(input.holidays)}) returning id`;
  return row.id;
}

export async function updateCalendar(sql: Queries, id: number, input: HolidayCalendarInput) {
  await sql`update holiday_calendars set name = ${input.name}, holidays = ${sql.json(input.holidays)}
    where id = ${id}`;
}

/** Whether the calendar exists, held until the transaction ends (see holdSchedule). */
export async function holdCalendar(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from holiday_calendars where id = ${id} for key share`;
  return Boolean(row);
}
