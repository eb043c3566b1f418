// Request bodies of the authentication calls (spec 1 §3, §7).
import { z } from "zod";

export const email = z.string({ error: "is required" }).trim().toLowerCase()
  .max(254, "is too long").email("must be a valid email address");
// ASVS: at least 8 characters, at least 64 accepted; 128 caps hashing cost.
export const password = z.string({ error: "is required" })
  .min(8, "must be at least 8 characters").max(128, "must be at most 128 characters");
const name = z.string({ error: "is required" }).trim().min(1, "is required").max(
  100,
  "is too long",
);
const b64 = z.string({ error: "is required" }).min(1, "is required").max(16_384, "is too long")
  .regex(/^[A-Za-z0-9+/_-]+=*$/, "must be base64");

export const loginBody = z.object({
  email,
  // Any non-empty password is checked; length rules apply when one is chosen.
  password: z.string({ error: "is required" }).min(1, "is required").max(1024, "is too long"),
});

export const signupBody = z.object({ email, password, firstName: name, lastName: name });

export const passkeyLoginOptionsBody = z.object({ email });

export const passkeyLoginVerifyBody = z.object({
  credentialId: b64,
  signature: b64,
  authenticatorData: b64,
  clientDataJSON: b64,
  userHandle: b64.nullable().optional(),
});

export const passkeyRegisterVerifyBody = z.object({
  credentialId: b64,
  // Sent by the client as the spec's payload; the stored key comes from the
  // verified attestation below, never from these fields.
  publicKey: b64.optional(),
  counter: z.number().int().min(0).optional(),
  transports: z.array(z.string().max(32)).max(10).default(["internal"]),
  backupEligible: z.boolean().optional(),
  backupState: z.boolean().optional(),
  clientDataJSON: b64,
  attestationObject: b64,
});

// Invitations and password reset (spec 4 §4). A token is 32 random bytes, base64url:
// 43 characters; anything else cannot be one, and is answered as an unknown token.
export const acceptInvitationBody = z.object({ password });

export const passwordResetBody = z.object({ email });

export const completePasswordResetBody = z.object({
  token: z.string({ error: "is required" }).max(100, "is too long"),
  password,
});
