// Deletes what has outlived its purpose: ended sessions, unused passkey
// challenges and single sign-on flows, idempotency keys past 24 h, old sign-in
// failures, events (with their webhook deliveries) past EVENTS_KEPT_DAYS but those a
// delivery holds back (pruneEvents), e-mail and push messages settled (sent, failed,
// unsent) as long ago, password-reset requests past a day (their links live an hour,
// and the limit looks back an hour: auth/password_reset.ts), wrong PINs and PIN
// lockouts past 10 minutes (they count for 60 seconds), and the access lists' change
// log past a day (access/list_changes.ts: a door holding an older list is sent the
// whole list).
//
// One process at a time (spec 3 §7): every process looks every CHECK_MS, and the one
// whose update moves the housekeeping row's next_run_at an hour on sweeps; the others
// find it in the future. The sweep itself runs statement by statement, not in one
// transaction: a long writing transaction would hold up every reader of the event
// log (events/event_data.ts), and each delete stands on its own.
import type { Queries } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { KEY_TTL_HOURS } from "../http/idempotency.ts";
import { WINDOW_SECONDS } from "../auth/throttle.ts";
import { pruneListChanges } from "../access/list_changes.ts";
import { DELIVERIES_SHOWN } from "../webhooks/repo.ts";

/** Longer than any delivery's retries (about 3 days 4 hours) and any stream's reconnection. */
export const EVENTS_KEPT_DAYS = 7;
export const EVENTS_BATCH = 5_000;
const CHECK_MS = 60 * 1000;

export async function sweep(sql: Queries, idleMinutes: number) {
  const [sessions] = await sql`with d as (delete from sessions where expires_at < now()
      or last_seen_at < now() - ${idleMinutes} * interval '1 minute' returning 1)
    select count(*)::int as n from d`;
  await sql`delete from passkey_challenges where expires_at < now()`;
  await sql`delete from oidc_flows where expires_at < now()`;
  await sql`delete from idempotency_keys where created_at < now() - ${KEY_TTL_HOURS} * interval '1 hour'`;
  await sql`delete from sign_in_failures where at < now() - ${WINDOW_SECONDS} * interval '1 second'`;
  await sql`delete from password_resets where created_at < now() - interval '1 day'`;
  await sql`delete from pin_failures where at < now() - interval '10 minutes'`;
  await sql`delete from pin_lockouts where until < now() - interval '10 minutes'`;
  await pruneListChanges(sql);
  // Settled ones only: a message still pending is retried until its last attempt.
  await sql`delete from mail_messages where status <> 'pending' and created_at < now() - ${EVENTS_KEPT_DAYS} * interval '1 day'`;
  await sql`delete from push_messages where status <> 'pending' and created_at < now() - ${EVENTS_KEPT_DAYS} * interval '1 day'`;
  let events = 0;
  for (let after: number | null = 0; after !== null;) {
    const batch = await pruneEvents(sql, after);
    events += batch.gone;
    after = batch.next;
  }
  return { sessions: sessions.n as number, events };
}

/**
 * Deletes, of the oldest events after id `after` (a batch a statement, so each delete
 * stays short), those older than EVENTS_KEPT_DAYS, but those a delivery holds back:
 * one still pending (spec 3 §6: sent at least once, or marked failed after its
 * retries; a turned-off endpoint's wait until it is turned on again, or deleted), or
 * one among the latest DELIVERIES_SHOWN of its endpoint, which its deliveries page
 * lists (a failed one with its retry; each with its event's type). So at most that
 * many a webhook, besides the pending ones. Those held are stepped over, each looked at
 * once a sweep. `next`: where the next batch starts, or null once this one reached the
 * events still kept.
 */
async function pruneEvents(sql: Queries, after: number) {
  const [batch] = await sql<{ gone: number; size: number; allOld: boolean; last: string }[]>`
    with batch as (
      select id, at < now() - ${EVENTS_KEPT_DAYS} * interval '1 day' as old
      from events where id > ${after} order by id limit ${EVENTS_BATCH}),
    -- The first delivery each endpoint's page shows: once a statement, not once an event.
    shown as materialized (
      select w.id as webhook_id, (select min(s.id) from (select id from webhook_deliveries
        where webhook_id = w.id order by id desc limit ${DELIVERIES_SHOWN}) s) as first_id
      from webhooks w),
    gone as (
      delete from events e using batch b
      where e.id = b.id and b.old and not exists (
        select 1 from webhook_deliveries d join shown on shown.webhook_id = d.webhook_id
        where d.event_id = e.id and (d.status = 'pending' or d.id >= shown.first_id))
      returning 1)
    select (select count(*)::int from gone) as gone, count(*)::int as size, bool_and(old) as all_old,
      max(id)::text as last
    from batch`;
  return {
    gone: batch.gone,
    next: batch.size === EVENTS_BATCH && batch.allOld ? Number(batch.last) : null,
  };
}

/** Sweeps when this process is the one to claim the hour's run; null when another has it. */
export async function runHousekeeping(sql: Queries, idleMinutes: number) {
  const claimed = await sql`update housekeeping set next_run_at = now() + interval '1 hour',
      last_run_at = now(), runs = runs + 1
    where next_run_at <= now() returning runs`;
  return claimed.length ? await sweep(sql, idleMinutes) : null;
}

/** Looks now and every minute, sweeping hourly in whichever process claims it; returns a stop function. */
export function startHousekeeping(sql: Queries, idleMinutes: number, log: Logger) {
  const run = () =>
    runHousekeeping(sql, idleMinutes).catch((error) =>
      log.warn("housekeeping failed", { error: String(error) })
    );
  run();
  const timer = setInterval(run, CHECK_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
