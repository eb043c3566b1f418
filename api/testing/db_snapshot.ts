// Every row of every table, to show that a request changed nothing at all.
import type { Queries } from "../db/connect.ts";

/** Each table's rows as JSON text, sorted, so two snapshots compare with deepEqual. */
export async function snapshot(sql: Queries): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`;
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await sql`select * from ${sql(name)}`;
    result[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}
