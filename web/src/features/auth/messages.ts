// The sign-in and sign-up alerts of spec 1 §8, and which one a failure shows.
import { ApiError } from "../../api/api_error";

export const MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  passkeyLoginFailed: "Face ID authentication failed",
  passkeyRegisterFailed: "Failed to register Face ID. Please try again.",
  loginFailed: "Login failed",
  loginNetwork: "Login failed. Please try again.",
  loginSessionCheck: "Login succeeded but session verification failed. Please try again.",
  signupFailed: "Signup failed",
  signupNetwork: "Signup failed. Please try again.",
  signupSessionCheck: "Signup succeeded but session verification failed. Please try logging in.",
  checkFailed: "Could not check this email. Please try again.",
} as const;

/** Password sign-in: the server's error (401, 403, 429...), else "Login failed"; no answer at all: try again. */
export function passwordLoginFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? MESSAGES.loginFailed;
  return MESSAGES.loginNetwork;
}

/** Sign-up: the server's error (409 duplicate, 400 short password...), else "Signup failed". */
export function signupFailure(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? MESSAGES.signupFailed;
  return MESSAGES.signupNetwork;
}

/**
 * Passkey sign-in: the server's error (passkeys.ts fills in the step fallbacks),
 * else "Face ID authentication failed" for anything the browser threw
 * (cancelled prompt, no authenticator, network).
 */
export function passkeyLoginFailure(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return MESSAGES.passkeyLoginFailed;
}

/**
 * The passkey check answered non-OK: the step stays. A 400 can only mean the
 * server found the e-mail malformed, which is the e-mail alert of spec 1 §5.
 */
export function passkeyCheckRefusal(error: ApiError): string {
  if (error.status === 400) return MESSAGES.invalidEmail;
  return error.serverMessage ?? MESSAGES.checkFailed;
}
