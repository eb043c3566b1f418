// A building of many doors, for the doors' benchmarks (bench/door_streams.ts,
// bench/reconnect_storm.ts) and the reconnect storm's test (door/reconnect_storm_test.ts):
// `users` users with a badge each ("HID Prox", facility 117, card `card-<user id>`), in
// `rooms / 2` groups over `rooms` rooms (each group holds two rooms), and `devices`
// readers spread over the rooms, each with its own API key. Returns the keys, in the
// devices' order.
import type { Queries } from "../db/connect.ts";
import { hashDeviceKey, newDeviceKey } from "../access/device_keys.ts";

export async function seedDoorFleet(
  sql: Queries,
  sizes: { users: number; rooms: number; devices: number },
): Promise<string[]> {
  const { users, rooms, devices } = sizes;
  const groups = Math.max(1, Math.floor(rooms / 2));
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'user' || n || '@fleet.test', 'x', 'User', 'No ' || n from generate_series(1, ${users}) n`;
  await sql`insert into user_credentials (user_id, type, facility_code, card_code)
    select id, 'HID Prox', '117', 'card-' || id from users where email like '%@fleet.test'`;
  await sql`insert into rooms (name) select 'Room ' || n from generate_series(1, ${rooms}) n`;
  await sql`insert into groups (name) select 'Group ' || n from generate_series(1, ${groups}) n`;
  await sql`insert into user_groups (user_id, group_id)
    select u.id, g.id from users u join groups g on g.id = (select min(id) from groups) + u.id % ${groups}
    where u.email like '%@fleet.test'`;
  await sql`insert into group_rooms (group_id, room_id)
    select distinct g.id, r.id from groups g join rooms r
      on r.id = (select min(id) from rooms) + (g.id * 3 + 0) % ${rooms}
      or r.id = (select min(id) from rooms) + (g.id * 3 + 11) % ${rooms}`;
  const keys = Array.from({ length: devices }, () => newDeviceKey());
  await sql`insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
    select 'Reader ' || n, 'FLEET' || n, 'reader', (select min(id) from rooms) + n % ${rooms}, k, now()
    from unnest(${keys.map(hashDeviceKey)}::text[]) with ordinality as t(k, n)`;
  return keys;
}
