// Passkeys ("Face ID" to users): registration for the signed-in user and sign-in
// by e-mail, with @simplewebauthn/browser doing the WebAuthn ceremonies and the
// payloads of spec 1 §3 going to the server. The library loads with the first
// ceremony (beside its options call), not with the sign-in page.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { ApiError } from "./api_error";
import { call } from "./client";
import type { SessionUser } from "./session";

/** Spec 1 §3 "Passkey registration data". Binary values stay base64url text. */
export type RegistrationPayload = {
  credentialId: string;
  publicKey?: string;
  counter: 0;
  transports: string[];
  backupEligible: boolean;
  backupState: false;
  clientDataJSON: string;
  attestationObject: string;
};

/** Spec 1 §3 "Passkey login assertion". */
export type AssertionPayload = {
  credentialId: string;
  signature: string;
  authenticatorData: string;
  clientDataJSON: string;
  userHandle: string | null;
};

export const DEFAULT_TRANSPORTS = ["internal"];

/**
 * The registration payload from the browser's answer: the counter starts at 0,
 * transports default to ["internal"], a platform authenticator counts as backup
 * eligible and nothing is backed up yet. The server verifies the attestation
 * itself; publicKey is informative only.
 */
export function registrationPayload(response: RegistrationResponseJSON): RegistrationPayload {
  const { transports, publicKey, clientDataJSON, attestationObject } = response.response;
  return {
    credentialId: response.rawId || response.id,
    ...(publicKey ? { publicKey } : {}),
    counter: 0,
    transports: transports?.length ? [...transports] : [...DEFAULT_TRANSPORTS],
    backupEligible: response.authenticatorAttachment === "platform",
    backupState: false,
    clientDataJSON,
    attestationObject,
  };
}

export function assertionPayload(response: AuthenticationResponseJSON): AssertionPayload {
  const { signature, authenticatorData, clientDataJSON, userHandle } = response.response;
  return {
    credentialId: response.rawId || response.id,
    signature,
    authenticatorData,
    clientDataJSON,
    userHandle: userHandle || null,
  };
}

/** A server refusal without an `error` text gets the step's fallback message (spec 1 §8). */
async function withFallback<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && !error.serverMessage) {
      throw new ApiError(error.status, error.code, { error: fallback }, error.message);
    }
    throw error;
  }
}

export const PASSKEY_OPTIONS_FALLBACK = "Failed to get authentication options";
export const PASSKEY_VERIFY_FALLBACK = "Authentication failed";

/**
 * Signs in with a passkey of this e-mail's account. Server refusals throw
 * ApiError (with the server's text or the step's fallback); the browser's
 * own failures (cancelled, no authenticator) throw what WebAuthn threw.
 */
export async function passkeyLogin(email: string): Promise<SessionUser> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import("@simplewebauthn/browser"),
    withFallback(
      call<PublicKeyCredentialRequestOptionsJSON>("POST", "/api/auth/passkey/login/options", { body: { email } }),
      PASSKEY_OPTIONS_FALLBACK,
    ),
  ]);
  const assertion = await startAuthentication({ optionsJSON });
  const { user } = await withFallback(
    call<{ user: SessionUser }>("POST", "/api/auth/passkey/login/verify", { body: assertionPayload(assertion) }),
    PASSKEY_VERIFY_FALLBACK,
  );
  return user;
}

/** Registers a new passkey for the signed-in user; only the verify call's status counts. */
export async function registerPasskey(): Promise<void> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import("@simplewebauthn/browser"),
    call<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/auth/passkey/register/options"),
  ]);
  const registration = await startRegistration({ optionsJSON });
  await call<unknown>("POST", "/api/auth/passkey/register/verify", { body: registrationPayload(registration) });
}
