// Password reset (spec 4 §4). Asking for a link answers the same, in the same time,
// whether or not the address has an account: the request always runs the same
// statements (a row of its own, then the e-mail written under a condition), never
// returning early, so neither the answer nor its time tells a stranger which
// addresses have accounts. An active account gets a link valid 60 minutes, once, at
// most 3 per address an hour (more are dropped silently).
import type { Queries } from "../db/connect.ts";
import { queueMail } from "../mail/queue.ts";
import type { Notices } from "../notifications/notices.ts";
import { RESET_MINUTES, resetMail } from "./account_mail.ts";
import { hashToken, newToken } from "./tokens.ts";

export const RESET_GONE = "This reset link has expired or was already used";
/** E-mails to one address in an hour. */
export const RESETS_PER_HOUR = 3;

/** Records the request and, for an active account under the limit, writes its e-mail. */
export async function requestReset(tx: Queries, notices: Notices, email: string) {
  const token = newToken();
  const tokenHash = hashToken(token);
  // Composed for every address: the same work whether it is sent or not.
  const message = { to: email, ...resetMail(notices, email, token) };
  // One request per address at a time, so the limit counts every e-mail before it.
  await tx`select pg_advisory_xact_lock(hashtextextended(${`password-reset ${email}`}, 0))`;
  await tx`
    insert into password_resets (email, user_id, token_hash, expires_at)
    select ${email}, (
      select u.id from users u
      where lower(u.email) = ${email} and u.is_active
        and (select count(*) from password_resets r
             where r.email = ${email} and r.user_id is not null
               and r.created_at > now() - interval '1 hour') < ${RESETS_PER_HOUR}
    ), ${tokenHash}, now() + ${RESET_MINUTES} * interval '1 minute'`;
  await queueMail(tx, notices.mail, [message], {
    when: tx`exists (select 1 from password_resets where token_hash = ${tokenHash} and user_id is not null)`,
  });
}

export type OpenReset = { id: number; userId: number; email: string };

/** The reset whose token has this hash, while it may be used, its user active. `lock`: held. */
export async function openReset(sql: Queries, tokenHash: string, { lock = false } = {}) {
  const [row] = await sql<OpenReset[]>`
    select r.id, r.user_id, u.email from password_resets r join users u on u.id = r.user_id
    where r.token_hash = ${tokenHash} and r.used_at is null and r.expires_at > now() and u.is_active
    ${lock ? sql`for update of r` : sql``}`;
  return row ?? null;
}
