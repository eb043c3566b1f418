// Deletes what has outlived its purpose: ended sessions, unused passkey
// challenges, idempotency keys past 24 h and old sign-in failures.
import type { Queries } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { KEY_TTL_HOURS } from "../http/idempotency.ts";
import { WINDOW_SECONDS } from "../auth/throttle.ts";

export async function sweep(sql: Queries, idleMinutes: number) {
  const [sessions] = await sql`with d as (delete from sessions where expires_at < now()
      or last_seen_at < now() - ${idleMinutes} * interval '1 minute' returning 1)
    select count(*)::int as n from d`;
  await sql`delete from passkey_challenges where expires_at < now()`;
  await sql`delete from idempotency_keys where created_at < now() - ${KEY_TTL_HOURS} * interval '1 hour'`;
  await sql`delete from sign_in_failures where at < now() - ${WINDOW_SECONDS} * interval '1 second'`;
  return { sessions: sessions.n as number };
}

/** Sweeps now and every hour; returns a stop function. */
export function startHousekeeping(sql: Queries, idleMinutes: number, log: Logger) {
  const run = () =>
    sweep(sql, idleMinutes).catch((error) =>
      log.warn("housekeeping failed", { error: String(error) })
    );
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
