// Decisions a controller made while it could not reach the server, uploaded
// later. One statement logs the whole batch: each event once, by its event id
// (a replay, or an event repeated in the batch, inserts nothing), with the owner
// of its credential as the server knows it now and the device's current room.
import type { Queries } from "../db/connect.ts";
import { CREDENTIAL_COLUMNS, credentialColumns, ownerOf } from "./credential_owner.ts";
import { type OfflineEvent, REASONS } from "./schemas.ts";

const OFFLINE_DENIAL = "Denied by the controller";

export async function logOfflineEvents(
  sql: Queries,
  deviceId: number,
  events: OfflineEvent[],
): Promise<{ accepted: number; duplicates: number }> {
  if (!events.length) return { accepted: 0, duplicates: 0 };
  // snake_case keys for jsonb_to_recordset; built here, never from the request's keys.
  const rows = events.map((event) => ({
    event_id: event.eventId,
    at: event.timestamp.toISOString(),
    ...credentialColumns(event.credential),
    outcome: event.decision === "granted" ? "success" : "denied",
    reason: event.decision === "granted"
      ? null
      : event.reason
      ? REASONS[event.reason]
      : OFFLINE_DENIAL,
    action: event.action,
  }));
  const [result] = await sql<{ accepted: number }[]>`
    with e as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as e(
        event_id uuid, at timestamptz, ${sql.unsafe(CREDENTIAL_COLUMNS)}, outcome text,
        reason text, action text)
    ),
    device as (
      select d.id, d.name, d.room_id, r.name as room_name
      from devices d left join rooms r on r.id = d.room_id
      where d.id = ${deviceId}
    ),
    resolved as (
      select e.*, u.id as user_id,
             coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as user_name
      from e
      left join ${ownerOf(sql)} o on true
      left join users u on u.id = o.user_id
    ),
    inserted as (
      insert into access_logs (event_id, timestamp, user_id, user_name, device_id, device_name,
                               room_id, room_name, credential_type, action, outcome, reason)
      select r.event_id, r.at, r.user_id, r.user_name, d.id, d.name, d.room_id, d.room_name,
             r.credential_type, r.action, r.outcome, r.reason
      from resolved r cross join device d
      on conflict (event_id) where event_id is not null do nothing
      returning 1
    )
    select count(*)::int as accepted from inserted`;
  return { accepted: result.accepted, duplicates: events.length - result.accepted };
}
