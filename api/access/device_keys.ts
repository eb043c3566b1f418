// Device API keys: 256 random bits, shown once, stored only as their SHA-256.
// A key is looked up by its hash (an index probe that reveals nothing about the
// key), never compared character by character against stored keys.
import type { Queries } from "../db/connect.ts";
import type { KeyStatus, NewDeviceKey } from "../devices/contract.ts";
import { sha256Hex } from "../sha256.ts";

const PREFIX = "thd_";
/** thd_ and 43 base64url characters (32 random bytes). */
export const KEY_FORMAT = /^thd_[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function newDeviceKey(): string {
  return PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
}

export function hashDeviceKey(key: string): string {
  return sha256Hex(key);
}

export async function keyStatus(sql: Queries, deviceId: number): Promise<KeyStatus | undefined> {
  const [row] = await sql<KeyStatus[]>`
    select api_key_hash is not null as has_api_key, api_key_created_at, api_key_rotated_at
    from devices where id = ${deviceId}`;
  return row;
}

/**
 * Makes a new key for the device, replacing any key it had (which stops working
 * at once). Answers the key, to be shown once, or undefined for an unknown device.
 */
export async function setDeviceKey(
  sql: Queries,
  deviceId: number,
  simulated = false,
): Promise<NewDeviceKey | undefined> {
  const apiKey = newDeviceKey();
  const [row] = await sql<{ createdAt: Date; rotatedAt: Date | null }[]>`
    update devices set api_key_hash = ${hashDeviceKey(apiKey)},
      api_key_created_at = now(),
      api_key_rotated_at = case when api_key_hash is null then api_key_rotated_at else now() end,
      api_key_simulated = ${simulated}
    where id = ${deviceId}
    returning api_key_created_at as created_at, api_key_rotated_at as rotated_at`;
  return row && { apiKey, createdAt: row.createdAt, rotatedAt: row.rotatedAt };
}

/**
 * The demo door simulator's key for a device: made only while the device has no
 * key, or one the simulator made before (and lost with its memory at a restart).
 * A key an admin made is never replaced. Undefined when the device is not free.
 */
export async function claimSimulatorKey(sql: Queries, deviceId: number) {
  const apiKey = newDeviceKey();
  const rows = await sql`
    update devices set api_key_hash = ${hashDeviceKey(apiKey)}, api_key_created_at = now(),
      api_key_simulated = true
    where id = ${deviceId} and (api_key_hash is null or api_key_simulated)
    returning id`;
  return rows.length ? apiKey : undefined;
}

/** Revokes the device's key; false for an unknown device. */
export async function clearDeviceKey(sql: Queries, deviceId: number): Promise<boolean> {
  const rows = await sql`
    update devices set api_key_hash = null, api_key_created_at = null, api_key_simulated = false
    where id = ${deviceId} returning id`;
  return rows.length > 0;
}

export type KeyDevice = { id: number; name: string; keyHash: string };

/** The device whose key has this hash, if any. */
export async function deviceByKeyHash(
  sql: Queries,
  keyHash: string,
): Promise<KeyDevice | undefined> {
  const [row] = await sql<
    KeyDevice[]
  >`select id, name, api_key_hash as key_hash from devices where api_key_hash = ${keyHash}`;
  return row;
}
