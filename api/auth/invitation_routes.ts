// An invitation's link (spec 4 §4), public: the person it was sent to reads whom it
// is for, then sets their password, which signs them in. Unknown, used, voided or
// expired links, and those of a deactivated user, all answer the same 404.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { found, notFound } from "../http/not_found.ts";
import { body } from "../http/validate.ts";
import { audit, targetOf, userActor } from "../audit/record.ts";
import { allow } from "./access.ts";
import type { InvitationView, SignedIn } from "./contract.ts";
import { openInvitation } from "./invitations.ts";
import { takeNewPassword } from "./new_password.ts";
import { hashPassword } from "./password.ts";
import * as s from "./schemas.ts";
import { linkTokenHash } from "./tokens.ts";

/** The hash of the path's token, or the 404 of an unknown invitation. */
function tokenHashOf(token: string): string {
  return found(linkTokenHash(token), notFound.invitation);
}

export const invitationRoutes = new Hono<Env>()
  .get("/:token", allow.public, async (c) => {
    const invitation = found(await openInvitation(c.var.sql, tokenHashOf(c.req.param("token"))), notFound.invitation);
    const { email, firstName, expiresAt } = invitation;
    return c.json({ email, firstName, expiresAt } satisfies InvitationView);
  })
  .post("/:token/accept", allow.public, async (c) => {
    const { sql } = c.var;
    const tokenHash = tokenHashOf(c.req.param("token"));
    const { password } = await body(c, s.acceptInvitationBody);
    // Checked before hashing: a link that opens nothing costs the server no hashing.
    found(await openInvitation(sql, tokenHash), notFound.invitation);
    const passwordHash = await hashPassword(password);
    // Again, held: of two acceptances at once, one sets the password.
    const invitation = found(await openInvitation(sql, tokenHash, { lock: true }), notFound.invitation);
    await sql`update invitations set used_at = now() where id = ${invitation.id}`;
    const user = await takeNewPassword(c, invitation, passwordHash);
    audit(c, {
      action: "auth.invitation_accept",
      actor: userActor(user),
      target: targetOf("user", user),
      changes: { password: [null, "set"] },
    });
    return c.json({ user } satisfies SignedIn);
  });
