// The sign-in events of the audit trail (spec 3 §5): a sign-in, a failed one (the
// e-mail tried; the address is every event's ip), a throttled one and a sign-out.
// Failures are written although the request is refused (keepIfRefused).
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import type { Queries } from "../db/connect.ts";
import { audit, targetOf, userActor } from "../audit/record.ts";
import { checkThrottle } from "./throttle.ts";

type Person = { id: number; firstName: string; lastName: string; email: string };

/** auth.sign_in (or another auth.<verb>) by the person themself. */
export function auditSignedIn(
  c: Context<Env>,
  person: Person,
  method: "password" | "passkey" | "sso",
) {
  audit(c, {
    action: "auth.sign_in",
    actor: userActor(person),
    target: targetOf("user", person),
    changes: { method: [null, method] },
  });
}

export function auditSignedOut(c: Context<Env>, person: Person) {
  audit(c, { action: "auth.sign_out", actor: userActor(person), target: targetOf("user", person) });
}

/**
 * auth.sign_in_failed: who tried is known only by the e-mail they typed (or, through
 * single sign-on, the e-mail the provider vouched for: method "sso").
 */
export function auditFailedSignIn(
  c: Context<Env>,
  email: string,
  userId: number | null,
  reason: "invalid" | "deactivated" | "passkey" | "no_account" | "unverified",
  method?: "sso",
) {
  audit(c, {
    action: "auth.sign_in_failed",
    actor: { type: "user", id: null, name: email },
    target: { type: "user", id: userId, name: email },
    changes: {
      email: [null, email],
      reason: [null, reason],
      ...(method ? { method: [null, method] } : {}),
    },
    keepIfRefused: true,
  });
}

/** The throttle's check; a throttled attempt is recorded as auth.sign_in_throttled. */
export async function checkSignInThrottle(
  c: Context<Env>,
  sql: Queries,
  email: string,
  ip: string,
) {
  try {
    await checkThrottle(sql, email, ip);
  } catch (error) {
    audit(c, {
      action: "auth.sign_in_throttled",
      actor: { type: "user", id: null, name: email },
      target: { type: "user", id: null, name: email },
      changes: { email: [null, email] },
      keepIfRefused: true,
    });
    throw error;
  }
}
