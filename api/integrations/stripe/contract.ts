// What the identity-verification calls answer (spec 2 §4, §7): the one
// definition the server and the web's home page use. No imports.

/** GET /api/stripe/verification-status: the signed-in user's own verification. */
export type VerificationStatus = {
  verified: boolean;
  status: string | null;
  /** The hosted page to continue on, while the session waits for the person. */
  verificationUrl: string | null;
  verificationDate: Date | null;
  lastError: { code: string | null; message: string } | null;
};

/** POST /api/stripe/verification-session: where to send the person. */
export type VerificationStarted = { url: string };
