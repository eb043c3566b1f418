// The authentication calls of spec 1 §7 that the sign-in, sign-up and sign-out
// flows make (the passkey ones are in passkeys.ts; sign-out is api/sign_out.ts).
import { call } from "./client";
import type { SessionUser } from "./session";
import type { SsoStatus } from "../../../api/auth/contract.ts";

export type SignupInput = { email: string; password: string; firstName: string; lastName: string };

/** Whether the account behind this e-mail has passkeys ("Face ID"). */
export async function checkPasskeys(email: string): Promise<boolean> {
  const { hasPasskeys } = await call<{ hasPasskeys: boolean }>("GET", `/api/auth/passkey/check/${encodeURIComponent(email)}`);
  return hasPasskeys === true;
}

export async function passwordLogin(email: string, password: string): Promise<SessionUser> {
  return (await call<{ user: SessionUser }>("POST", "/api/auth/login", { body: { email, password } })).user;
}

export async function signup(input: SignupInput): Promise<SessionUser> {
  return (await call<{ user: SessionUser }>("POST", "/api/auth/signup", { body: input })).user;
}

/** The me call that verifies a fresh session; throws when there is none. */
export async function verifySession(): Promise<SessionUser> {
  const { user } = await call<{ user?: SessionUser }>("GET", "/api/auth/me");
  if (!user?.id) throw new Error("The session check answered without a user");
  return user;
}

/** Where the single sign-on button sends the browser (the server redirects it on to the provider). */
export const SSO_START_PATH = "/api/auth/oidc/start";

/** Whether /login offers single sign-on, its label, and a refusal to show (given once). */
export async function ssoStatus(): Promise<SsoStatus> {
  return await call<SsoStatus>("GET", "/api/auth/oidc");
}
