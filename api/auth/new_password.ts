// A password set from an e-mailed link (spec 4 §4: an invitation accepted, a reset
// completed): the same for both. Every other link of the user stops working and every
// session of theirs ends; this browser is signed in.
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import type { SessionUser } from "./contract.ts";
import { voidAccountLinks } from "./invitations.ts";
import { sessionUser } from "./repo.ts";
import { endAllSessions, signIn } from "./sessions.ts";
import { clearFailures } from "./throttle.ts";

export async function takeNewPassword(
  c: Context<Env>,
  account: { userId: number; email: string },
  passwordHash: string,
): Promise<SessionUser> {
  const { sql, config } = c.var;
  await sql`update users set password_hash = ${passwordHash} where id = ${account.userId}`;
  await voidAccountLinks(sql, account.userId);
  await endAllSessions(sql, account.userId);
  // The sign-in throttle's count for the address starts again with a known password.
  await clearFailures(sql, account.email);
  await signIn(c, sql, config, account.userId);
  return await sessionUser(sql, account.userId);
}
