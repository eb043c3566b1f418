// door.changed (migration 025): these doors' entries on the Doors board moved. The
// dashboards' live streams read each entry as it is when they send it (board.ts).
import type { Queries } from "../db/connect.ts";

export async function doorsChanged(sql: Queries, deviceIds: number[]) {
  if (!deviceIds.length) return;
  await sql`insert into events (type, subject_id) select 'door.changed', unnest(${deviceIds}::int[])`;
}
