// SQL of rooms: the list with its derived columns, single reads and writes.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { deleteRow, firstRow } from "../db/rows.ts";
import type { RoomInput } from "./schemas.ts";
import type { Room } from "./contract.ts";
import { doorStates } from "./door_state.ts";
import { lockdownStates } from "../lockdowns/repo.ts";

// One query for the whole list: devices are counted once per room by a grouped
// join (devices_room_id_idx), not per row. The door states follow (door_state.ts,
// and an active lockdown's over them); `extra` adds columns (a group's grant) from
// joins in `where`'s query.
export async function selectRooms<T extends Room = Room>(
  sql: Queries,
  where: postgres.Fragment,
  extra: postgres.Fragment = sql``,
): Promise<T[]> {
  const rooms = await sql<Omit<T, "doorState">[]>`
    select r.id, r.name, r.description, r.is_active, r.capacity, r.created_at, r.updated_at,
           r.unlock_schedule_id, r.first_person_in, r.held_open_seconds,
           coalesce(d.device_count, 0)::int as device_count,
           coalesce(d.has_density, false) as has_dashboard ${extra}
    from rooms r
    left join (
      select room_id, count(*) as device_count, bool_or(type = 'density') as has_density
      from devices where room_id is not null group by room_id
    ) d on d.room_id = r.id
    ${where}
    order by lower(r.name), r.id`;
  const states = await doorStates(sql, rooms);
  // Lockdown (spec 3 §2) overrides the unlock schedule and first person in.
  const lockdowns = await lockdownStates(sql, rooms.map((room) => room.id));
  return rooms.map((room) => ({ ...room, doorState: lockdowns.get(room.id) ?? states.get(room.id)! }) as T);
}

export const listRooms = (sql: Queries) => selectRooms(sql, sql``);

export function findRoom(sql: Queries, id: number): Promise<Room | undefined> {
  return firstRow(selectRooms(sql, sql`where r.id = ${id}`));
}

export async function roomExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from rooms where id = ${id}`;
  return Boolean(row);
}

export async function createRoom(sql: Queries, input: RoomInput): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into rooms (name, description, capacity, unlock_schedule_id, first_person_in, held_open_seconds)
    values (${input.name}, ${input.description}, ${input.capacity ?? 15},
            ${input.unlockScheduleId ?? null}, ${input.firstPersonIn ?? false}, ${input.heldOpenSeconds ?? 60})
    returning id`;
  return row.id;
}

export async function updateRoom(sql: Queries, id: number, input: RoomInput) {
  // Capacity and the door settings are optional in the payload: left out, they stay.
  const keepSchedule = input.unlockScheduleId === undefined;
  await sql`update rooms set name = ${input.name}, description = ${input.description},
    capacity = coalesce(${input.capacity ?? null}::int, capacity),
    unlock_schedule_id = case when ${keepSchedule} then unlock_schedule_id
                              else ${input.unlockScheduleId ?? null}::int end,
    first_person_in = coalesce(${input.firstPersonIn ?? null}::boolean, first_person_in),
    held_open_seconds = coalesce(${input.heldOpenSeconds ?? null}::int, held_open_seconds)
    where id = ${id}`;
}

/**
 * Devices become unassigned (room_id on delete set null), grants go (cascade);
 * access logs stay, unlinked, with the room's name (filled in where a row lacks it).
 */
export async function deleteRoom(sql: Queries, id: number): Promise<boolean> {
  await sql`update access_logs l set room_name = r.name
    from rooms r where r.id = ${id} and l.room_id = r.id and l.room_name is null`;
  return await deleteRow(sql, "rooms", id);
}
