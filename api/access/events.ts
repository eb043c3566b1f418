// Decisions a controller made while it could not reach the server, uploaded
// later. One statement logs the whole batch: each event once, by its event id
// (a replay, or an event repeated in the batch, inserts nothing), with the owner
// of its credential as the server knows it now and the device's current room.
//
// A guest's PIN or pass (spec 4 §5) names its visit as it was at the event's time:
// the row has no user, names `<guest> (guest of <host>)` (as they are named now) and
// the visit, like a live decision's. A pass's code is its visit's for good. A PIN is
// unique only among the visits not ended, so a later visit may hold it now: the PIN's
// visit is the one that held it then (made by then, neither revoked nor ended: the
// earliest to start, as the live rule), else the last made by then (a door that had
// not heard of its revocation or end), else, a controller's clock being up to 5
// minutes ahead, the first made after. A PIN refused because the door refused PINs
// names no visit (decisions.ts: that would tell which PIN was right).
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import { CREDENTIAL_COLUMNS, credentialColumns, ownerOf } from "./credential_owner.ts";
import { MAX_CLOCK_SKEW_MS, type OfflineEvent, REASONS } from "./schemas.ts";

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
      select e.*, u.id as user_id, g.id as visit_id,
             case when g.id is null then ${personName(sql, "u")}
                  else g.guest_name || ' (guest of ' || ${personName(sql, "h")} || ')' end as user_name
      from e
      left join ${ownerOf(sql)} o on true
      left join users u on u.id = o.user_id
      left join lateral (
        (select c.id, c.guest_name, c.host_id from (
           select v.id, v.guest_name, v.host_id, v.starts_at, v.created_at,
                  v.created_at <= e.at as made,
                  v.created_at <= e.at and (v.revoked_at is null or v.revoked_at > e.at) and v.ends_at > e.at as held
           from visits v
           -- A door refusing PINs named nobody: nor does its log row.
           where e.kind = 'pin' and v.pin = e.code and e.reason is distinct from ${REASONS.pin_locked}
             and v.created_at <= e.at + make_interval(secs => ${MAX_CLOCK_SKEW_MS / 1000})
         ) c
         order by c.held desc, c.made desc, case when c.held then c.starts_at end,
                  case when c.made then c.created_at end desc, c.created_at, c.id
         limit 1)
        union all
        (select v.id, v.guest_name, v.host_id from visits v
         where e.kind = 'pass' and v.pass_hash = encode(sha256(convert_to(e.code, 'UTF8')), 'hex'))
        limit 1
      ) g on true
      left join users h on h.id = g.host_id
    ),
    inserted as (
      insert into access_logs (event_id, timestamp, user_id, user_name, device_id, device_name,
                               room_id, room_name, credential_type, action, outcome, reason, visit_id)
      select r.event_id, r.at, r.user_id, r.user_name, d.id, d.name, d.room_id, d.room_name,
             r.credential_type, r.action, r.outcome, r.reason, r.visit_id
      from resolved r cross join device d
      on conflict (event_id) where event_id is not null do nothing
      returning 1
    )
    select count(*)::int as accepted from inserted`;
  return { accepted: result.accepted, duplicates: events.length - result.accepted };
}
