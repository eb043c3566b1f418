// SQL of a user's identity verification: the users.stripe_* columns
// (migrations 001 and 007). The users feature reads the same columns.
import type { Queries } from "../../db/connect.ts";
import type { VerificationStatus } from "./simulator.ts";

export type VerificationRow = {
  sessionId: string | null;
  status: string | null;
  url: string | null;
  verifiedAt: Date | null;
  errorCode: string | null;
  errorMessage: string | null;
};

export async function verificationRow(sql: Queries, userId: number) {
  const [row] = await sql<VerificationRow[]>`
    select stripe_verification_session_id as session_id, stripe_verification_status as status,
           stripe_verification_url as url, stripe_verified_at as verified_at,
           stripe_verification_error_code as error_code,
           stripe_verification_error_message as error_message
    from users where id = ${userId}`;
  return row;
}

/**
 * A new session replaces the previous one (the date of an earlier success
 * stays). Refused (false) when the user is verified or being verified meanwhile.
 */
export async function startSession(
  sql: Queries,
  userId: number,
  session: { id: string; status: string; url: string | null },
) {
  const rows = await sql`
    update users set stripe_verification_session_id = ${session.id},
      stripe_verification_status = ${session.status},
      stripe_verification_url = ${session.url},
      stripe_verification_error_code = null,
      stripe_verification_error_message = null,
      stripe_verification_event_at = null
    where id = ${userId}
      and coalesce(stripe_verification_status, '') not in ('verified', 'processing')
    returning id`;
  return rows.length === 1;
}

export type SessionUpdate = {
  sessionId: string;
  status: VerificationStatus;
  url: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** Stripe's event.created. */
  eventAt: Date;
};

/**
 * Applies a webhook's view of a session to the user who holds that session.
 * Skipped (undefined) when nobody holds it any more, when a newer event was
 * already applied, or when it would move a finished session (verified,
 * canceled) back to an unfinished state. The verification date is the event's.
 */
export async function applySessionUpdate(sql: Queries, u: SessionUpdate) {
  const [row] = await sql<{ id: number }[]>`
    update users set stripe_verification_status = ${u.status},
      stripe_verification_url = ${u.url},
      stripe_verification_error_code = ${u.errorCode},
      stripe_verification_error_message = ${u.errorMessage},
      stripe_verified_at = case
        when ${u.status}::text <> 'verified' then stripe_verified_at
        when stripe_verification_status = 'verified' then stripe_verified_at
        else ${u.eventAt}::timestamptz end,
      stripe_verification_event_at = ${u.eventAt}
    where stripe_verification_session_id = ${u.sessionId}
      and (stripe_verification_event_at is null or stripe_verification_event_at <= ${u.eventAt})
      and not (coalesce(stripe_verification_status, '') in ('verified', 'canceled')
               and ${u.status}::text not in ('verified', 'canceled'))
    returning id`;
  return row?.id;
}
