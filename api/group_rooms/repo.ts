// SQL of group rooms: which rooms a group's members may enter, and when (the
// grant's schedule; null: at all times).
import type { Queries } from "../db/connect.ts";
import { selectRooms } from "../rooms/repo.ts";
import type { GrantedRoom } from "./contract.ts";

export async function groupExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from groups where id = ${id}`;
  return Boolean(row);
}

const grantedRooms = (sql: Queries, groupId: number, roomId?: number): Promise<GrantedRoom[]> =>
  selectRooms<GrantedRoom>(
    sql,
    sql`join group_rooms gr on gr.room_id = r.id and gr.group_id = ${groupId}
        left join schedules s on s.id = gr.schedule_id
        ${roomId === undefined ? sql`` : sql`where r.id = ${roomId}`}`,
    sql`, gr.schedule_id, s.name as schedule_name, gr.updated_at as grant_updated_at`,
  );

export const roomsOfGroup = (sql: Queries, groupId: number) => grantedRooms(sql, groupId);

export async function grantedRoom(sql: Queries, groupId: number, roomId: number): Promise<GrantedRoom | undefined> {
  const [room] = await grantedRooms(sql, groupId, roomId);
  return room;
}

/** The grant's schedule and version, its row locked for the rest of the transaction; undefined when there is no grant. */
export async function lockGrant(sql: Queries, groupId: number, roomId: number) {
  const [row] = await sql<{ scheduleId: number | null; updatedAt: Date }[]>`
    select schedule_id, updated_at from group_rooms where group_id = ${groupId} and room_id = ${roomId} for update`;
  return row;
}

/** Grants the room; false when the group had it already (nothing changes then). */
export async function addGrant(sql: Queries, groupId: number, roomId: number, scheduleId: number | null) {
  const rows = await sql`insert into group_rooms (group_id, room_id, schedule_id)
    values (${groupId}, ${roomId}, ${scheduleId}) on conflict do nothing returning room_id`;
  return rows.length > 0;
}

export async function setGrantSchedule(sql: Queries, groupId: number, roomId: number, scheduleId: number | null) {
  await sql`update group_rooms set schedule_id = ${scheduleId}
    where group_id = ${groupId} and room_id = ${roomId}`;
}
