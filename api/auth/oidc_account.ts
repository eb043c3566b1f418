// Which Threshold account a single sign-on opens (spec 4 §6): the user whose e-mail is
// the ID token's `email` (case-insensitively), only when the provider says it verified
// that address (`email_verified: true`), and only when that user is active. With
// OIDC_CREATE_USERS=true an unknown address becomes a new member without groups,
// audited as user.create by the provider ("SSO: <issuer host>"). Runs inside the
// callback's transaction (audit/record.ts, auditedWork), so the sign-in, a new
// account and their audit events commit together.
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { isUniqueViolation } from "../http/errors.ts";
import { textProblem } from "../http/clean_text.ts";
import { transaction } from "../http/transaction.ts";
import { audit, targetOf } from "../audit/record.ts";
import { changesOf } from "../audit/changes.ts";
import type { Actor } from "../audit/contract.ts";
import type { OidcConfig } from "../config.ts";
import { findUser, insertUser } from "../users/repo.ts";
import { PERSON } from "../users/changes.ts";
import { findUserForSignIn, sessionUser } from "./repo.ts";
import { email as emailSchema } from "./schemas.ts";
import { signIn } from "./sessions.ts";
import { auditFailedSignIn, auditSignedIn } from "./sign_in_audit.ts";
import type { Identity } from "./oidc_client.ts";
import type { Refusal } from "./oidc_refusal.ts";

/** Signs the browser in as the person the provider named; the refusal when it may not. */
export async function signInAs(c: Context<Env>, identity: Identity): Promise<Refusal | null> {
  const { config } = c.var;
  const oidc = config.oidc!;
  const parsed = emailSchema.safeParse(identity.email);
  if (!parsed.success) return { reason: "failed" }; // no address, or not one
  const email = parsed.data;
  if (!identity.emailVerified) {
    auditFailedSignIn(c, email, null, "unverified", "sso");
    return { reason: "failed" };
  }
  let user = await findUserForSignIn(c.var.sql, email);
  if (!user && oidc.createUsers) user = await createMember(c, oidc, identity, email);
  if (!user) {
    auditFailedSignIn(c, email, null, "no_account", "sso");
    return { reason: "no_account", email };
  }
  if (!user.isActive) {
    auditFailedSignIn(c, email, user.id, "deactivated", "sso");
    return { reason: "deactivated" };
  }
  await signIn(c, c.var.sql, config, user.id);
  auditSignedIn(c, await sessionUser(c.var.sql, user.id), "sso");
  return null;
}

/** Who made an account through single sign-on: the provider, named by its host. */
const ssoActor = (oidc: OidcConfig): Actor => ({
  type: "system",
  id: null,
  name: `SSO: ${new URL(oidc.issuer).host}`,
});

/** A new member without groups (nor a password: they sign in through the provider). */
async function createMember(c: Context<Env>, oidc: OidcConfig, identity: Identity, email: string) {
  const sql = c.var.sql;
  let id: number;
  try {
    // A savepoint: the same person finishing two sign-ins at once makes one account.
    id = await transaction(
      sql,
      (tx) => insertUser(tx, { ...namesOf(identity), email, passwordHash: null }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) return await findUserForSignIn(sql, email);
    throw error;
  }
  const user = (await findUser(sql, id))!;
  audit(c, {
    action: "user.create",
    actor: ssoActor(oidc),
    target: targetOf("user", user),
    changes: changesOf(null, user, PERSON),
  });
  return { id, isActive: true, passwordHash: null };
}

/** First and last name from the provider's claims (given and family name, else its `name` split once). */
function namesOf(identity: Identity) {
  const clean = (text: string | null) =>
    text === null || textProblem(text) ? "" : text.trim().slice(0, 100).trim();
  const [firstName, lastName] = [clean(identity.givenName), clean(identity.familyName)];
  if (firstName || lastName) return { firstName, lastName };
  const [first, ...rest] = clean(identity.name).split(/\s+/);
  // Nameless is allowed: the person is then shown by their e-mail (users/person_name.ts).
  return { firstName: first ?? "", lastName: rest.join(" ").slice(0, 100) };
}
