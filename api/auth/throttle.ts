// Sign-in throttling: too many failures for one account or from one address
// within the window answers 429 with Retry-After until the oldest failure ages out.
import type { Queries } from "../db/connect.ts";
import { ApiError } from "../http/errors.ts";

export const WINDOW_SECONDS = 15 * 60;
export const MAX_PER_ACCOUNT = 5;
export const MAX_PER_ADDRESS = 20;

const keys = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`];

/** Throws 429 when the account or the address is over its limit. */
export async function checkThrottle(sql: Queries, email: string, ip: string) {
  const [account, address] = keys(email, ip);
  const rows = await sql<{ key: string; failures: number; retryAfter: number }[]>`
    select key, count(*)::int as failures,
      ceil(extract(epoch from min(at) + ${WINDOW_SECONDS} * interval '1 second' - now()))::int
        as retry_after
    from sign_in_failures
    where key in (${account}, ${address}) and at > now() - ${WINDOW_SECONDS} * interval '1 second'
    group by key`;
  const over = rows.filter((r) =>
    r.failures >= (r.key === account ? MAX_PER_ACCOUNT : MAX_PER_ADDRESS)
  );
  if (!over.length) return;
  const seconds = Math.max(1, ...over.map((r) => r.retryAfter));
  const minutes = Math.ceil(seconds / 60);
  throw new ApiError(
    "rate_limited",
    `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { "Retry-After": String(seconds) },
  );
}

export async function recordFailure(sql: Queries, email: string, ip: string) {
  const [account, address] = keys(email, ip);
  await sql`insert into sign_in_failures (key) values (${account}), (${address})`;
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearFailures(sql: Queries, email: string) {
  await sql`delete from sign_in_failures where key = ${keys(email, "")[0]}`;
}
