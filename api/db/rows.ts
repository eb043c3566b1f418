// SQL that the entity tables share, by table name (postgres.js quotes it as an
// identifier): the row lock of a versioned edit, flipping is_active, deletion.
import type { Queries } from "./connect.ts";

type Table = "users" | "groups" | "rooms" | "devices";

/** Locks the row for the rest of the transaction; false when there is none. */
export async function lockRow(sql: Queries, table: Table, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from ${sql(table)} where id = ${id} for update`;
  return Boolean(row);
}

/** Flips is_active; the new value, or null when there is no such row. */
export async function toggleActive(sql: Queries, table: Table, id: number) {
  const [row] = await sql<{ isActive: boolean }[]>`
    update ${sql(table)} set is_active = not is_active where id = ${id} returning is_active`;
  return row ? row.isActive : null;
}

/** Deletes the row (what cascades goes with it); false when there was none. */
export async function deleteRow(sql: Queries, table: Table, id: number): Promise<boolean> {
  const rows = await sql`delete from ${sql(table)} where id = ${id} returning id`;
  return rows.length > 0;
}
