// The access decision: may this credential open this device's door? One SQL
// statement reads every fact, applies the rules in order, writes the access-log
// row and the device's last attempt, and answers. Rules, first failing first:
//   device active → device in a room → room active → credential known →
//   credential active → its user active → the user in an active group holding the room.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { type CredentialInput, LOGGED_TYPE, type Reason, REASONS } from "./schemas.ts";

export type Decision = {
  decision: "granted" | "denied";
  reason: Reason;
  message: string;
  userId: number | null;
  userName: string | null;
  logId: number;
};

/** The log's credential type column for a presented credential. */
export const loggedType = (credential: CredentialInput) =>
  credential.type === "passkey" || credential.type === "wallet"
    ? LOGGED_TYPE[credential.type]
    : credential.type;

/** A query answering the credential's owner and whether the credential is active (0 or 1 row). */
function owner(sql: Queries, credential: CredentialInput): postgres.Fragment {
  switch (credential.type) {
    case "passkey":
      return sql`select p.user_id, true as credential_active from passkeys p
        where p.credential_id = ${credential.credentialId}`;
    case "wallet":
      return sql`select w.user_id, w.is_active as credential_active from lastlock_credentials w
        where w.credential_type = 'APPLE_WALLET' and w.credential_data = ${credential.credentialId}
        order by w.is_active desc, w.id limit 1`;
    default:
      // The exact expression of the unique index user_credentials_card_key.
      return sql`select c.user_id, c.is_active as credential_active from user_credentials c
        where c.type = ${credential.type}
          and coalesce(c.facility_code, '') = ${credential.facilityCode ?? ""}
          and c.card_code = ${credential.cardCode}`;
  }
}

const messages = (sql: Queries) => {
  const codes = Object.keys(REASONS);
  return sql`unnest(${codes}::text[], ${codes.map((c) => REASONS[c as Reason])}::text[])`;
};

/**
 * Decides and logs; undefined when the device no longer exists.
 *
 * The decision commits without waiting for its WAL flush (synchronous_commit off for
 * its own transaction only): a door must not wait on a disk, where a flush takes
 * milliseconds and, on a busy disk, tens of them. The row is committed and visible at
 * once and reaches the disk within PostgreSQL's wal_writer_delay (200 ms); only a
 * crash of the database server itself in that window can lose the newest decisions'
 * log rows, whole, never in part. Offline events stay fully synchronous: their
 * controller deletes its copy once the upload is acknowledged.
 */
export async function decide(
  sql: Queries,
  deviceId: number,
  credential: CredentialInput,
  action: string,
): Promise<Decision | undefined> {
  const type = loggedType(credential);
  const [row] = await sql<
    { reason: Reason; userId: number | null; userName: string | null; logId: string }[]
  >`
    with device as (
      select d.id, d.name, d.is_active, d.room_id, r.name as room_name,
             r.is_active as room_active
      from devices d left join rooms r on r.id = d.room_id
      where d.id = ${deviceId}
    ),
    owner as (${owner(sql, credential)}),
    facts as (
      select dv.*, o.user_id, o.credential_active, u.is_active as user_active,
             coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as user_name
      from device dv
      left join owner o on true
      left join users u on u.id = o.user_id
    ),
    verdict as (
      select f.*, case
        when not f.is_active then 'device_inactive'
        when f.room_id is null then 'device_unassigned'
        when not f.room_active then 'room_inactive'
        when f.user_id is null then 'unknown_credential'
        when not f.credential_active then 'credential_inactive'
        when not f.user_active then 'user_inactive'
        when not exists (
          select 1 from user_groups ug
          join groups g on g.id = ug.group_id and g.is_active
          join group_rooms gr on gr.group_id = ug.group_id and gr.room_id = f.room_id
          where ug.user_id = f.user_id
        ) then 'no_group_access'
        else 'granted' end as reason
      from facts f
    ),
    logged as (
      insert into access_logs (user_id, user_name, device_id, device_name, room_id, room_name,
                               credential_type, action, outcome, reason)
      select v.user_id, v.user_name, v.id, v.name, v.room_id, v.room_name, ${type}, ${action},
             case when v.reason = 'granted' then 'success' else 'denied' end,
             case when v.reason = 'granted' then null else m.message end
      from verdict v left join ${messages(sql)} as m(code, message) on m.code = v.reason
      returning id, timestamp
    ),
    touched as (
      update devices d set last_access_attempt = l.timestamp, last_access_credential = ${type},
        last_access_outcome = case when v.reason = 'granted' then 'authorized' else 'denied' end
      from logged l, verdict v
      where d.id = v.id
    ),
    -- Answer without waiting for the WAL flush (this statement's transaction only).
    async_commit as (select set_config('synchronous_commit', 'off', true))
    select v.reason, v.user_id, v.user_name, l.id as log_id
    from verdict v, logged l, async_commit`;
  if (!row) return undefined;
  return {
    decision: row.reason === "granted" ? "granted" : "denied",
    reason: row.reason,
    message: REASONS[row.reason],
    userId: row.userId,
    userName: row.userName,
    logId: Number(row.logId),
  };
}
