// The password reset calls of spec 4 §4: ask for a reset link by e-mail, and set
// a new password with the link's token, which ends the user's other sessions and
// signs in on this one.
import { call } from "./client";
import type { SessionUser } from "./session";
import type { CompletePasswordResetRequest, PasswordResetRequest, ResetRequested, SignedIn } from "../../../api/auth/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

/** Always 202 `{ sent: true }`, whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  const body: PasswordResetRequest = { email };
  await call<ResetRequested>("POST", "/api/auth/password-reset", { body });
}

/** A bad token: ApiError 400 `This reset link has expired or was already used`. */
export async function completePasswordReset(token: string, password: string): Promise<SessionUser> {
  const body: CompletePasswordResetRequest = { token, password };
  return (await call<Json<SignedIn>>("POST", "/api/auth/password-reset/complete", { body })).user;
}
