// SQL that the entity tables share, by table name (postgres.js quotes it as an
// identifier): the row lock of a versioned edit, switching is_active, deletion;
// and a group's links to its members and rooms.
import type { Queries } from "./connect.ts";

export type Table = "users" | "groups" | "rooms" | "devices" | "schedules" | "holiday_calendars" | "webhooks" | "visits";

/** The first row a query answers, if any: the read of one row by its id. */
export const firstRow = async <T>(rows: Promise<readonly T[]>): Promise<T | undefined> => (await rows)[0];

/** Locks the row for the rest of the transaction; false when there is none. */
export async function lockRow(sql: Queries, table: Table, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from ${sql(table)} where id = ${id} for update`;
  return Boolean(row);
}

/**
 * Switches is_active to `wanted`, or flips it when no state is asked for: the value
 * before and after, or null when there is no such row.
 */
export async function setActive(sql: Queries, table: Table, id: number, wanted: boolean | undefined) {
  const [row] = await sql<{ was: boolean; isActive: boolean }[]>`
    with old as (select id, is_active from ${sql(table)} where id = ${id} for update)
    update ${sql(table)} t set is_active = coalesce(${wanted ?? null}::boolean, not old.is_active)
    from old where t.id = old.id
    returning old.is_active as was, t.is_active`;
  return row ?? null;
}

/** Deletes the row (what cascades goes with it); false when there was none. */
export async function deleteRow(sql: Queries, table: Table, id: number): Promise<boolean> {
  const rows = await sql`delete from ${sql(table)} where id = ${id} returning id`;
  return rows.length > 0;
}

/** A group's members (user_groups) and rooms (group_rooms): the column of the other side. */
const LINKED = { user_groups: "user_id", group_rooms: "room_id" } as const;
type LinkTable = keyof typeof LINKED;

/** Links the group to the member or room; false when the link was there already. */
export async function addLink(sql: Queries, table: LinkTable, groupId: number, otherId: number) {
  const rows = await sql`insert into ${sql(table)} (group_id, ${sql(LINKED[table])})
    values (${groupId}, ${otherId}) on conflict do nothing returning group_id`;
  return rows.length > 0;
}

/** Removes the link; false when there was none. */
export async function removeLink(
  sql: Queries,
  table: LinkTable,
  groupId: number,
  otherId: number,
) {
  const rows = await sql`delete from ${sql(table)}
    where group_id = ${groupId} and ${sql(LINKED[table])} = ${otherId} returning group_id`;
  return rows.length > 0;
}

/**
 * The distinct values of an indexed text column, in order: a skip scan (one index
 * probe per value), not a read of every row. For the filters' choices.
 */
export async function distinctValues(
  sql: Queries,
  table: "access_logs" | "audit_events",
  column: "action",
): Promise<string[]> {
  const found = await sql<{ value: string }[]>`
    with recursive v as (
      (select ${sql(column)} as value from ${sql(table)} order by 1 limit 1)
      union all
      select (select t.${sql(column)} from ${sql(table)} t where t.${sql(column)} > v.value
              order by 1 limit 1)
      from v where v.value is not null
    )
    select value from v where value is not null`;
  return found.map((row) => row.value);
}
