// SQL of the Last Lock integration: locks found by discovery (devices rows of
// type 'lastlock'), credentials registered with Last Lock (lastlock_credentials)
// and which lock holds which credential (device_credentials).
import type { Queries } from "../../db/connect.ts";
import type { LastLockDevice, RangeSchedule } from "./client.ts";
import type { CredentialType } from "./credential_types.ts";
import type { PendingLastLockDevice, RegisteredCredential } from "./contract.ts";

export type LockRow = {
  id: number;
  name: string;
  lastLockDeviceId: number;
  isPending: boolean;
  credentialCount: number;
  isActive: boolean;
  /** Its room's; null when it has none. */
  roomActive: boolean | null;
};

/** A stored credential with its card data, which answers never carry, and whether its owner is active. */
export type CredentialRow = RegisteredCredential & { credentialData: string; ownerIsActive: boolean };

export const externalDeviceId = (lastLockDeviceId: number) => `LASTLOCK-${lastLockDeviceId}`;

/** The Last Lock device (a lastlock row with a Last Lock id) with this id. */
export async function findLock(sql: Queries, id: number): Promise<LockRow | undefined> {
  const [row] = await sql<LockRow[]>`
    select d.id, d.name, d.last_lock_device_id, d.is_pending, d.credential_count, d.is_active,
           r.is_active as room_active
    from devices d left join rooms r on r.id = d.room_id
    where d.id = ${id} and d.type = 'lastlock' and d.last_lock_device_id is not null`;
  return row;
}

export function listPending(sql: Queries) {
  return sql<PendingLastLockDevice[]>`
    select id, name, last_lock_description, last_lock_device_id, device_id, last_lock_time_created
    from devices
    where type = 'lastlock' and is_pending and last_lock_device_id is not null
    order by last_lock_time_created nulls last, id`;
}

/** Which of these Last Lock ids are approved (not pending) locks here. */
export async function approvedHere(sql: Queries, lastLockDeviceIds: number[]): Promise<number[]> {
  if (!lastLockDeviceIds.length) return [];
  const rows = await sql<{ lastLockDeviceId: number }[]>`
    select last_lock_device_id from devices
    where last_lock_device_id = any(${lastLockDeviceIds}::int[]) and not is_pending`;
  return rows.map((row) => row.lastLockDeviceId);
}

/**
 * Stores what discovery found: a new lock becomes a pending approval; a known one
 * keeps its name, room and approval, and takes Last Lock's description unless an
 * admin has written their own here (it differs from what Last Lock last reported:
 * migration 039). Returns how many were new.
 */
export async function saveDiscovered(sql: Queries, found: LastLockDevice[]): Promise<number> {
  let created = 0;
  for (const lock of found) {
    const [row] = await sql<{ inserted: boolean }[]>`
      insert into devices (name, device_id, type, manufacturer, is_active, is_pending,
        last_lock_device_id, last_lock_description, last_lock_reported_description, last_lock_time_created, last_sync)
      values (${lock.name}, ${externalDeviceId(lock.deviceId)}, 'lastlock', 'Last Lock', true,
        true, ${lock.deviceId}, ${lock.description || null}, ${lock.description || null}, ${lock.createdAt}, now())
      on conflict (last_lock_device_id) do update set
        last_lock_description = case
          when devices.last_lock_description is not distinct from devices.last_lock_reported_description
          then excluded.last_lock_description else devices.last_lock_description end,
        last_lock_reported_description = excluded.last_lock_reported_description,
        last_lock_time_created = excluded.last_lock_time_created,
        last_sync = now()
      returning (xmax = 0) as inserted`;
    if (row.inserted) created++;
  }
  return created;
}

export async function approve(sql: Queries, id: number) {
  await sql`update devices set is_pending = false, last_sync = now() where id = ${id}`;
}

export async function userExists(sql: Queries, id: number): Promise<boolean> {
  const [row] = await sql`select 1 from users where id = ${id}`;
  return Boolean(row);
}

const publicColumns = (sql: Queries) =>
  sql`id, user_id, credential_type, schedule_data, is_active, provider_credential_id,
    created_at, updated_at`;

export async function insertCredential(
  sql: Queries,
  row: {
    userId: number;
    credentialType: CredentialType;
    credentialData: string;
    scheduleData: string | null;
    providerCredentialId: string;
  },
): Promise<RegisteredCredential> {
  const [created] = await sql<RegisteredCredential[]>`
    insert into lastlock_credentials (user_id, credential_type, credential_data, schedule_data,
      provider_credential_id)
    values (${row.userId}, ${row.credentialType}, ${row.credentialData}, ${row.scheduleData},
      ${row.providerCredentialId})
    returning ${publicColumns(sql)}`;
  return created;
}

export async function findCredential(
  sql: Queries,
  id: number,
): Promise<CredentialRow | undefined> {
  const [row] = await sql<CredentialRow[]>`
    select c.id, c.user_id, c.credential_type, c.credential_data, c.schedule_data, c.is_active,
      c.provider_credential_id, c.created_at, c.updated_at, u.is_active as owner_is_active
    from lastlock_credentials c join users u on u.id = c.user_id where c.id = ${id}`;
  return row;
}

/**
 * Records Last Lock's id for a credential that had none (or had one Last Lock
 * forgot). Answers the id now stored: another request may have stored one first.
 */
export async function setProviderId(
  sql: Queries,
  id: number,
  providerCredentialId: string,
  replacing: string | null,
): Promise<string> {
  const [row] = await sql<{ providerCredentialId: string }[]>`
    update lastlock_credentials set provider_credential_id = ${providerCredentialId}
    where id = ${id} and provider_credential_id is not distinct from ${replacing}
    returning provider_credential_id`;
  if (row) return row.providerCredentialId;
  const [current] = await sql<{ providerCredentialId: string }[]>`
    select provider_credential_id from lastlock_credentials where id = ${id}`;
  return current?.providerCredentialId ?? providerCredentialId;
}

/** Local details of the credentials Last Lock names, by Last Lock id. */
export function credentialsByProviderId(sql: Queries, providerIds: string[]) {
  return sql<
    {
      id: number;
      providerCredentialId: string;
      userId: number;
      userName: string;
      isActive: boolean;
      scheduleData: string | null;
    }[]
  >`
    select c.id, c.provider_credential_id, c.user_id, c.is_active, c.schedule_data,
      trim(u.first_name || ' ' || u.last_name) as user_name
    from lastlock_credentials c join users u on u.id = c.user_id
    where c.provider_credential_id = any(${providerIds}::text[])`;
}

export async function isAssigned(sql: Queries, deviceId: number, credentialId: number) {
  const [row] = await sql`select 1 from device_credentials
    where device_id = ${deviceId} and credential_id = ${credentialId}`;
  return Boolean(row);
}

/** Adds or removes the assignment and recounts the lock's credentials. */
export async function recordAssignment(
  sql: Queries,
  deviceId: number,
  credentialId: number,
  assignedAt: Date,
): Promise<{ assignedAt: Date; credentialCount: number }> {
  const [row] = await sql<{ assignedAt: Date }[]>`
    insert into device_credentials (device_id, credential_id, assigned_at)
    values (${deviceId}, ${credentialId}, ${assignedAt})
    on conflict (device_id, credential_id) do update set assigned_at = device_credentials.assigned_at
    returning assigned_at`;
  return { assignedAt: row.assignedAt, credentialCount: await recount(sql, deviceId) };
}

export async function recordRemoval(
  sql: Queries,
  deviceId: number,
  credentialId: number,
): Promise<number> {
  await sql`delete from device_credentials
    where device_id = ${deviceId} and credential_id = ${credentialId}`;
  return await recount(sql, deviceId);
}

async function recount(sql: Queries, deviceId: number): Promise<number> {
  const [row] = await sql<{ credentialCount: number }[]>`
    update devices set last_sync = now(), credential_count =
      (select count(*)::int from device_credentials where device_id = ${deviceId})
    where id = ${deviceId} returning credential_count`;
  return row.credentialCount;
}

export function scheduleText(schedule: RangeSchedule | null): string | null {
  return schedule ? JSON.stringify({ range_schedule: schedule }) : null;
}
