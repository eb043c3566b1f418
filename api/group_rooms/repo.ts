// SQL of group rooms: which rooms a group's members may enter.
import type { Queries } from "../db/connect.ts";
import { selectRooms } from "../rooms/repo.ts";
import type { Room } from "../rooms/contract.ts";

export async function groupExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from groups where id = ${id}`;
  return Boolean(row);
}

export const roomsOfGroup = (sql: Queries, groupId: number): Promise<Room[]> =>
  selectRooms(
    sql,
    sql`where r.id in (select room_id from group_rooms where group_id = ${groupId})`,
  );
