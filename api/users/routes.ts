// Users calls of spec 1 §7 (admin only, except a user's own groups), and invitations
// (spec 4 §4: a new user invited to set their own password, Resend Invitation).
// Badges: credentials_routes.ts.
import { type Context, Hono } from "hono";
import type { Queries } from "../db/connect.ts";
import { setActive } from "../db/rows.ts";
import { wantedActive } from "../http/audited_rows.ts";
import type { Env } from "../http/env.ts";
import { conflict, uniqueOr409 } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { lockForEdit } from "../http/versions.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { hashPassword } from "../auth/password.ts";
import { noticesOf } from "../notifications/notices.ts";
import { issueInvitation } from "../auth/invitations.ts";
import { keepingAnAdmin } from "../groups/admins.ts";
import { readBody } from "../http/read_body.ts";
import { audit, auditChange, auditToggle, targetOf } from "../audit/record.ts";
import * as s from "./schemas.ts";
import { changePerson, deleteUserAudited, LAST_ADMIN, PERSON, revokeAccess } from "./changes.ts";
import {
  findUser,
  groupsOfUser,
  insertUser,
  isVerified,
  listUsers,
  type Verification,
  verificationOf,
  verificationStatuses,
} from "./repo.ts";
import type { Deleted } from "../http/contract.ts";
import type { Invitation, User, UserVerification } from "./contract.ts";

export const EMAIL_TAKEN = "A user with this email already exists";

/**
 * The link behind the Verified badge: the session's hosted page while the person
 * is still completing it, otherwise the session in Stripe's dashboard.
 */
export const verificationUrl = (v: Verification) =>
  v.url ??
    (v.sessionId
      ? `https://dashboard.stripe.com/identity/verification-sessions/${
        encodeURIComponent(v.sessionId)
      }`
      : null);

const existingUser = async (sql: Queries, id: number) =>
  found(await findUser(sql, id), notFound.user);

export const userRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listUsers(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const { password, invite, ...input } = await readBody(c, s.createUserBody);
    // Invited: no password until they choose one from the e-mail.
    const passwordHash = password === undefined ? null : await hashPassword(password);
    // A savepoint, so a clash does not spoil an enclosing (idempotent) transaction.
    const id = await uniqueOr409(
      transaction(c.var.sql, (tx) => insertUser(tx, { ...input, passwordHash })),
      EMAIL_TAKEN,
    );
    const user = await existingUser(c.var.sql, id);
    auditChange(c, "user", "create", null, { ...user, password: invite ? "invited" : "set" }, [...PERSON, "password"]);
    if (invite) await sendInvitation(c, user);
    return c.json(user, 201);
  })
  // Before /:id, so the static segment is never read as an id.
  .get("/verification-statuses", allow.admin, async (c) => {
    return c.json(await verificationStatuses(c.var.sql));
  })
  .get("/:id", allow.admin, async (c) => c.json(await existingUser(c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await readBody(c, s.updateUserBody);
    await uniqueOr409(
      transaction(c.var.sql, async (tx) => {
        const before = await lockForEdit(c, tx, "users", id, findUser, notFound.user);
        await changePerson(tx, id, before, input);
        auditChange(c, "user", "update", before, await existingUser(tx, id), PERSON);
      }),
      EMAIL_TAKEN,
    );
    return c.json(await existingUser(c.var.sql, id));
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    if (id === c.var.user!.id) throw conflict("You cannot delete your own account");
    await keepingAnAdmin(c.var.sql, LAST_ADMIN, (tx) => deleteUserAudited(c, tx, id));
    return c.json({ success: true, id } satisfies Deleted);
  })
  .patch("/:id/toggle-active", allow.admin, async (c) => {
    const id = idParam(c);
    if (id === c.var.user!.id) throw conflict("You cannot deactivate your own account");
    const wanted = await wantedActive(c);
    const switched = await keepingAnAdmin(c.var.sql, LAST_ADMIN, async (tx) => {
      const switched = await setActive(tx, "users", id, wanted);
      if (!switched) throw notFound.user();
      if (!switched.isActive) await revokeAccess(tx, id);
      return switched;
    });
    const user = await existingUser(c.var.sql, id);
    auditToggle(c, "user", user, switched.was);
    return c.json(user);
  })
  .get("/:id/verification-status", allow.admin, async (c) => {
    const v = await verificationOf(c.var.sql, idParam(c));
    if (!v) throw notFound.user();
    return c.json(
      {
        verified: isVerified(v.status),
        status: v.status,
        verificationUrl: verificationUrl(v),
        verificationDate: v.verifiedAt,
        lastError: v.errorMessage || v.errorCode
          ? { message: v.errorMessage, code: v.errorCode }
          : null,
      } satisfies UserVerification,
    );
  })
  // The home page reads the signed-in user's own groups; admins read anyone's.
  .get("/:id/groups", allow.self, async (c) => {
    const groups = await groupsOfUser(c.var.sql, idParam(c));
    if (!groups) throw notFound.user();
    return c.json(groups);
  })
  // Spec 4 §4: a new link e-mailed, older ones voided (202; the answer of part 1).
  .post("/:id/resend-invitation", allow.admin, async (c) => {
    const user = await existingUser(c.var.sql, idParam(c));
    if (!user.isActive) {
      throw conflict("This user is deactivated. Reactivate them before inviting them again.");
    }
    const invitation = await sendInvitation(c, user);
    return c.json(
      {
        queued: true,
        invitationId: invitation.id,
        userId: user.id,
        email: invitation.email,
        status: invitation.status,
        queuedAt: invitation.createdAt,
      } satisfies Invitation,
      202,
    );
  });

/** Invites the user (its e-mail written in this request's transaction), audited. */
async function sendInvitation(c: Context<Env>, user: User) {
  const invitation = await issueInvitation(c.var.sql, noticesOf(c.var.config), user.id, c.var.user!.id);
  audit(c, {
    action: "user.invite",
    target: targetOf("user", user),
    changes: { invitationId: [null, invitation.id] },
  });
  return invitation;
}
