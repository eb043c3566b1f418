// Invitations (spec 4 §4): a link that lets someone set their password, valid 7 days,
// used once; a newer one voids the older. Written with its e-mail in the caller's
// transaction (a user created with invite: true, or Resend Invitation).
import type { Queries } from "../db/connect.ts";
import { queueMail } from "../mail/queue.ts";
import type { Notices } from "../notifications/notices.ts";
import { INVITATION_DAYS, invitationMail } from "./account_mail.ts";
import { hashToken, newToken } from "./tokens.ts";

export type IssuedInvitation = { id: number; email: string; status: string; createdAt: Date };

/** A new invitation for an existing user, older ones voided, its e-mail written. */
export async function issueInvitation(
  tx: Queries,
  notices: Notices,
  userId: number,
  invitedBy: number,
): Promise<IssuedInvitation> {
  const token = newToken();
  await tx`update invitations set voided_at = now()
    where user_id = ${userId} and used_at is null and voided_at is null`;
  const [row] = await tx<(IssuedInvitation & { firstName: string })[]>`
    with u as (select id, email, first_name from users where id = ${userId}),
    i as (
      insert into invitations (user_id, email, invited_by, token_hash, expires_at)
      select id, email, ${invitedBy}, ${hashToken(token)}, now() + ${INVITATION_DAYS} * interval '1 day'
      from u
      returning id, email, status, created_at
    )
    select i.*, u.first_name from i, u`;
  const { firstName, ...invitation } = row;
  await queueMail(tx, notices.mail, [{ to: invitation.email, ...invitationMail(notices, firstName, token) }]);
  return invitation;
}

export type OpenInvitation = { id: number; userId: number; email: string; firstName: string; expiresAt: Date };

/**
 * The invitation whose token has this hash, while it may be used: not used, voided
 * or expired, and its user active. `lock`: held until the transaction ends.
 */
export async function openInvitation(sql: Queries, tokenHash: string, { lock = false } = {}) {
  const [row] = await sql<OpenInvitation[]>`
    select i.id, i.user_id, u.email, u.first_name, i.expires_at
    from invitations i join users u on u.id = i.user_id
    where i.token_hash = ${tokenHash} and i.used_at is null and i.voided_at is null
      and i.expires_at > now() and u.is_active
    ${lock ? sql`for update of i` : sql``}`;
  return row ?? null;
}

/** Links of a user that stop working: a deactivation (spec 4 §4) or a password set. */
export async function voidAccountLinks(tx: Queries, userId: number) {
  await tx`update invitations set voided_at = now()
    where user_id = ${userId} and used_at is null and voided_at is null`;
  await tx`update password_resets set used_at = now() where user_id = ${userId} and used_at is null`;
}
