// "Forgot password?" (spec 4 §4), public: ask for a link (always 202, see
// password_reset.ts), then set a new password with it, which ends every session of
// that user and signs in on this one.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest } from "../http/errors.ts";
import { body } from "../http/validate.ts";
import { audit, targetOf, userActor } from "../audit/record.ts";
import { allow } from "./access.ts";
import type { ResetRequested, SignedIn } from "./contract.ts";
import { noticesOf } from "../notifications/notices.ts";
import { takeNewPassword } from "./new_password.ts";
import { hashPassword } from "./password.ts";
import { openReset, requestReset, RESET_GONE } from "./password_reset.ts";
import * as s from "./schemas.ts";
import { linkTokenHash } from "./tokens.ts";

export const passwordResetRoutes = new Hono<Env>()
  .post("/", allow.public, async (c) => {
    const { email } = await body(c, s.passwordResetBody);
    await requestReset(c.var.sql, noticesOf(c.var.config), email);
    return c.json({ sent: true } satisfies ResetRequested, 202);
  })
  .post("/complete", allow.public, async (c) => {
    const { sql } = c.var;
    const { token, password } = await body(c, s.completePasswordResetBody);
    const tokenHash = linkTokenHash(token);
    // Checked before hashing: a link that opens nothing costs the server no hashing.
    if (!tokenHash || !(await openReset(sql, tokenHash))) throw badRequest(RESET_GONE);
    const passwordHash = await hashPassword(password);
    // Again, held: of two uses at once, one sets the password.
    const reset = await openReset(sql, tokenHash, { lock: true });
    if (!reset) throw badRequest(RESET_GONE);
    // This link (with every other of theirs) stops working; every session ends.
    const user = await takeNewPassword(c, reset, passwordHash);
    audit(c, {
      action: "auth.password_reset",
      actor: userActor(user),
      target: targetOf("user", user),
      changes: { password: ["set", "reset"] },
    });
    return c.json({ user } satisfies SignedIn);
  });
