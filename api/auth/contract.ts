// What the authentication calls answer and take (spec 1 §7): the one definition
// the server and the web's session both use. Zod and schema files only. The
// passkey options are WebAuthn's own JSON (SimpleWebAuthn's types on both sides).
import type { z } from "zod";
import type {
  loginBody,
  passkeyLoginOptionsBody,
  passkeyLoginVerifyBody,
  passkeyRegisterVerifyBody,
  signupBody,
} from "./schemas.ts";

/** The signed-in person, as the session knows them. */
export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isAdmin: boolean;
};

/** GET /api/auth/me; POST login, signup (201) and passkey/login/verify. */
export type SignedIn = { user: SessionUser };

/** GET /api/auth/passkey/check/{email}. */
export type PasskeyCheck = { hasPasskeys: boolean };

/** POST /api/auth/logout; POST /api/auth/passkey/register/verify (201). */
export type Done = { success: true };

export type LoginRequest = z.input<typeof loginBody>;
export type SignupRequest = z.input<typeof signupBody>;
export type PasskeyLoginOptionsRequest = z.input<typeof passkeyLoginOptionsBody>;
export type PasskeyLoginVerifyRequest = z.input<typeof passkeyLoginVerifyBody>;
export type PasskeyRegisterVerifyRequest = z.input<typeof passkeyRegisterVerifyBody>;
