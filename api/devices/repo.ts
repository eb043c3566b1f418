// SQL of devices. Secrets (Density token, client id and secret) are written
// here and never read back: every select lists its columns and answers only
// whether each secret is set.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { deleteRow, firstRow } from "../db/rows.ts";
import type { CreateDeviceInput, DeviceType, UpdateDeviceInput } from "./schemas.ts";
import type { Device } from "./contract.ts";

const selectDevices = (sql: Queries, where: postgres.Fragment) =>
  sql<Device[]>`
    select d.id, d.name, d.device_id, d.type, d.manufacturer, d.room_id, r.name as room_name,
           d.is_active, d.is_pending, d.density_space_id, d.density_auth_type,
           d.density_api_token is not null as has_density_api_token,
           d.density_client_id is not null as has_density_client_id,
           d.density_client_secret is not null as has_density_client_secret,
           d.last_lock_device_id, d.last_lock_description, d.last_lock_time_created,
           la.timestamp as last_access_attempt, la.credential_type as last_access_credential,
           case when la.outcome = 'success' then 'authorized' when la.outcome is not null
             then 'denied' end as last_access_outcome,
           d.credential_count, d.last_sync, d.unifi_device_id, d.unifi_model, d.unifi_ip,
           d.unifi_mac, d.unifi_is_online, d.last_seen, d.firmware, d.camera_specs,
           d.sensor_specs, d.api_key_hash is not null as has_api_key, d.api_key_created_at,
           d.created_at, d.updated_at
    from devices d left join rooms r on r.id = d.room_id
    -- The last access attempt is the newest log row naming the device (migration 012).
    left join lateral (
      select l.timestamp, l.credential_type, l.outcome from access_logs l
      where l.device_id = d.id order by l.timestamp desc, l.id desc limit 1
    ) la on true
    ${where}
    order by lower(d.name), d.id`;

export const listDevices = (sql: Queries, roomId?: number) =>
  selectDevices(sql, roomId === undefined ? sql`` : sql`where d.room_id = ${roomId}`);

export function findDevice(sql: Queries, id: number): Promise<Device | undefined> {
  return firstRow(selectDevices(sql, sql`where d.id = ${id}`));
}

/** The §7 create rules: generated device id, manufacturer by type, no room, active. */
export function generatedDeviceId(now: number, attempt: number): string {
  // The last six digits of the timestamp; a clash (two in one millisecond, or the
  // same digits a thousand seconds apart) moves on to the next number.
  return `DEV${String((now + attempt) % 1_000_000).padStart(6, "0")}`;
}

export const defaultManufacturer = (type: DeviceType) =>
  type === "density" ? "Density Inc" : "Generic";

/** Inserts the device; undefined when the device id is taken. */
export async function insertDevice(
  sql: Queries,
  input: CreateDeviceInput,
  deviceId: string,
): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`
    insert into devices (name, device_id, type, manufacturer, room_id, is_active)
    values (${input.name}, ${deviceId}, ${input.type},
            ${input.manufacturer ?? defaultManufacturer(input.type)}, ${input.roomId ?? null},
            ${input.isActive ?? true})
    on conflict (device_id) do nothing
    returning id`;
  return row?.id;
}

/** Saves the fields present in the input; left-out fields (undefined) keep their value. */
export async function updateDevice(sql: Queries, id: number, input: UpdateDeviceInput) {
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  );
  const columns = Object.keys(changes);
  if (!columns.length) return;
  await sql`update devices set ${sql(changes, columns)} where id = ${id}`;
}

/**
 * Sets the room; isPending false ends the device's wait. The row is not locked, so
 * this never sets it true: a Last Lock approval landing meanwhile stays.
 */
export async function assignDevice(
  sql: Queries,
  id: number,
  roomId: number | null,
  isPending: boolean,
): Promise<boolean> {
  const rows = await sql`update devices set room_id = ${roomId},
    is_pending = is_pending and ${isPending}
    where id = ${id} returning id`;
  return rows.length > 0;
}

/**
 * Readings and Last Lock assignments go with the device (cascade); access logs
 * stay, unlinked, with the device's name (filled in where a row lacks it).
 */
export async function deleteDevice(sql: Queries, id: number): Promise<boolean> {
  await sql`update access_logs l set device_name = d.name
    from devices d where d.id = ${id} and l.device_id = d.id and l.device_name is null`;
  return await deleteRow(sql, "devices", id);
}
