// Each user's unlock attempts are throttled (spec 3 §4): a token bucket of
// UNLOCK_BURST attempts, refilled by one every 60/UNLOCK_PER_MINUTE seconds. An
// attempt is counted when it asks for its challenge (POST …/unlock/options): every
// unlock spends one, so the unlocks are held to the same pace. The bucket is a row of
// unlock_throttle (migration 019), taken from in one statement whose row lock orders
// attempts arriving together through any API process.
import type { Queries } from "../db/connect.ts";
import { ApiError } from "../http/errors.ts";

export const UNLOCK_BURST = 10;
export const UNLOCK_PER_MINUTE = 10;
const PER_SECOND = UNLOCK_PER_MINUTE / 60;

export const tooManyUnlocks = (seconds: number) =>
  `Too many unlock attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;

/** Takes one attempt from the user's bucket, or throws 429 with Retry-After (whole seconds). */
export async function takeUnlockAttempt(sql: Queries, userId: number) {
  const refilled = (tokens: string, since: string) =>
    sql.unsafe(`least(${UNLOCK_BURST}, ${tokens} + extract(epoch from now() - ${since}) * ${PER_SECOND})`);
  const [taken] = await sql`
    insert into unlock_throttle as t (user_id, tokens, updated_at)
    values (${userId}, ${UNLOCK_BURST - 1}, now())
    on conflict (user_id) do update
      set tokens = ${refilled("t.tokens", "t.updated_at")} - 1, updated_at = now()
      where ${refilled("t.tokens", "t.updated_at")} >= 1
    returning 1`;
  if (taken) return;
  const [left] = await sql<{ tokens: number }[]>`
    select ${refilled("tokens", "updated_at")} as tokens from unlock_throttle where user_id = ${userId}`;
  const seconds = Math.max(1, Math.ceil((1 - (left?.tokens ?? 0)) / PER_SECOND));
  throw new ApiError("rate_limited", tooManyUnlocks(seconds), { "Retry-After": String(seconds) });
}
