// SQL of the UniFi integration: cameras and sensors found on the console are
// devices rows (manufacturer Ubiquiti) matched by their Protect id.
import type { Queries } from "../../db/connect.ts";
import type { PendingUnifiDevice } from "./contract.ts";

export type DiscoveredUnifiDevice = {
  unifiDeviceId: string;
  type: "camera" | "sensor";
  name: string;
  mac: string;
  /** Network's model name (e.g. UVC-G5-Dome), when Network knows the device. */
  model: string | null;
  /** Protect's model name (e.g. G5 Dome), used when Network never said. */
  protectModel: string | null;
  ip: string | null;
  firmware: string | null;
  online: boolean;
  cameraSpecs: Record<string, unknown> | null;
  sensorSpecs: Record<string, unknown> | null;
};

/** "F4E2C6A1B201" → "F4:E2:C6:A1:B2:01". */
export const displayMac = (mac: string) => mac.match(/../g)!.join(":");
export const externalDeviceId = (mac: string) => `UNIFI-${mac}`;

/**
 * New devices wait for a room (pending); known ones take the console's online
 * state, address, model and firmware (what the console no longer reports is
 * kept) and keep their name, room and approval. Returns how many were new.
 */
export async function saveDiscovered(
  sql: Queries,
  found: DiscoveredUnifiDevice[],
): Promise<number> {
  let created = 0;
  for (const d of found) {
    const [row] = await sql<{ inserted: boolean }[]>`
      insert into devices (name, device_id, type, manufacturer, is_active, is_pending,
        unifi_device_id, unifi_model, unifi_ip, unifi_mac, unifi_is_online, last_seen,
        firmware, camera_specs, sensor_specs)
      values (${d.name}, ${externalDeviceId(d.mac)}, ${d.type}, 'Ubiquiti', true, true,
        ${d.unifiDeviceId}, ${d.model ?? d.protectModel}, ${d.ip}, ${
      displayMac(d.mac)
    }, ${d.online},
        ${d.online ? sql`now()` : null}, ${d.firmware},
        ${d.cameraSpecs ? sql.json(d.cameraSpecs as never) : null},
        ${d.sensorSpecs ? sql.json(d.sensorSpecs as never) : null})
      on conflict (unifi_device_id) do update set
        unifi_model = coalesce(${d.model}, devices.unifi_model, ${d.protectModel}),
        unifi_ip = coalesce(excluded.unifi_ip, devices.unifi_ip),
        unifi_mac = excluded.unifi_mac,
        unifi_is_online = excluded.unifi_is_online,
        last_seen = coalesce(excluded.last_seen, devices.last_seen),
        firmware = coalesce(excluded.firmware, devices.firmware),
        camera_specs = coalesce(excluded.camera_specs, devices.camera_specs),
        sensor_specs = coalesce(excluded.sensor_specs, devices.sensor_specs)
      returning (xmax = 0) as inserted`;
    if (row.inserted) created++;
  }
  return created;
}

/** Ubiquiti cameras and sensors waiting to be assigned to a room. */
export function listPending(sql: Queries) {
  return sql<PendingUnifiDevice[]>`
    select id, name, device_id, type, manufacturer, is_pending, unifi_device_id, unifi_model,
      unifi_ip, unifi_mac, unifi_is_online, last_seen, firmware, camera_specs, sensor_specs,
      created_at
    from devices
    where is_pending and manufacturer = 'Ubiquiti' and type in ('camera', 'sensor')
    order by lower(name), id`;
}
