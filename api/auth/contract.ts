// What the authentication calls answer and take (spec 1 §7): the one definition
// the server and the web's session both use. Zod and schema files only. The
// passkey options are WebAuthn's own JSON (SimpleWebAuthn's types on both sides).
import type { z } from "zod";
import type {
  acceptInvitationBody,
  completePasswordResetBody,
  loginBody,
  passkeyLoginOptionsBody,
  passkeyLoginVerifyBody,
  passkeyRegisterVerifyBody,
  passwordResetBody,
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

/**
 * GET /api/auth/invitations/{token} (public). POST …/accept answers SignedIn and
 * signs in; unknown, used, voided or expired: 404 `This invitation has expired or was
 * already used`.
 */
export type InvitationView = { email: string; firstName: string; expiresAt: Date };

/** POST /api/auth/password-reset (202), whether or not the address has an account. */
export type ResetRequested = { sent: true };

export type AcceptInvitationRequest = z.input<typeof acceptInvitationBody>;
export type PasswordResetRequest = z.input<typeof passwordResetBody>;
/** POST /api/auth/password-reset/complete answers SignedIn; a bad token: 400 `This reset link has expired or was already used`. */
export type CompletePasswordResetRequest = z.input<typeof completePasswordResetBody>;

/**
 * GET /api/auth/oidc (public): whether /login offers single sign-on and the button's
 * label (spec 4 §6), and the refusal of this browser's last single sign-on, given
 * once: `No Threshold account for <email>`, `This account is deactivated` or
 * `Single sign-on failed. Please try again.` (auth/oidc_refusal.ts).
 */
export type SsoStatus = { enabled: boolean; label: string | null; refusal: string | null };
