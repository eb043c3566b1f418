// The building the doors' benchmarks share (door_streams.ts, reconnect_storm.ts):
// `users` users with a badge each, in 50 groups over 100 rooms (each group holds two
// rooms), and `devices` readers spread over the rooms, each with its own API key;
// plus the benchmark's administrator. Returns the devices' keys, in device order.
import type { Queries } from "../api/db/connect.ts";
import { addBenchAdmin } from "./bench_admin.ts";
import { hashDeviceKey, newDeviceKey } from "../api/access/device_keys.ts";

export const FLEET_ROOMS = 100;
const GROUPS = 50;

export async function seedDoorFleet(sql: Queries, sizes: { users: number; devices: number }): Promise<string[]> {
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'user' || n || '@bench.test', 'x', 'User', 'No ' || n from generate_series(1, ${sizes.users}) n`;
  await sql`insert into user_credentials (user_id, type, facility_code, card_code)
    select id, 'HID Prox', '117', 'card-' || id from users`;
  await sql`insert into rooms (name) select 'Room ' || n from generate_series(1, ${FLEET_ROOMS}) n`;
  await sql`insert into groups (name) select 'Group ' || n from generate_series(1, ${GROUPS}) n`;
  await sql`insert into user_groups (user_id, group_id)
    select u.id, g.id from users u join groups g on g.id = (select min(id) from groups) + u.id % ${GROUPS}`;
  await sql`insert into group_rooms (group_id, room_id)
    select distinct g.id, r.id from groups g join rooms r
      on r.id = (select min(id) from rooms) + (g.id * 3 + 0) % ${FLEET_ROOMS}
      or r.id = (select min(id) from rooms) + (g.id * 3 + 11) % ${FLEET_ROOMS}`;
  const keys = Array.from({ length: sizes.devices }, () => newDeviceKey());
  await sql`insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
    select 'Reader ' || n, 'BENCH' || n, 'reader', (select min(id) from rooms) + n % ${FLEET_ROOMS}, k, now()
    from unnest(${keys.map(hashDeviceKey)}::text[]) with ordinality as t(k, n)`;
  await addBenchAdmin(sql);
  await sql`checkpoint`;
  return keys;
}
