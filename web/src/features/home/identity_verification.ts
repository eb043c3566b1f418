// The home page's identity button (spec 2 §2, §4, §8): the signed-in user's own
// Stripe Identity status and the call that starts a verification session.
import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../api/api_error";
import { call } from "../../api/client";

export type VerificationStatus = {
  verified: boolean;
  status: string | null;
  verificationUrl?: string | null;
  verificationDate?: string | null;
  lastError?: { message?: string } | null;
};

export const VERIFICATION_STATUS_KEY = ["/api/stripe/verification-status"] as const;
/** While the user is in the middle of verifying (requires_input), poll every 5 s (spec 2 §9). */
export const VERIFICATION_POLL_MS = 5000;

export const IDENTITY_LABELS = {
  verify: "Verify Identity",
  continue: "Continue Verification",
  verified: "Identity Verified",
  starting: "Starting verification...",
} as const;

export const VERIFICATION_MESSAGES = {
  errorTitle: "Verification Error",
  noUrl: "No verification URL received from server",
  startFailed: "Failed to start verification process",
  alreadyTitle: "Already Verified",
  already: "Your identity has been successfully verified",
  completeTitle: "Verification Complete",
  complete: "Thank you for completing the verification process",
} as const;

/**
 * The button's label. Without a status (the call failed or is still loading)
 * the user can only start a verification, so it reads "Verify Identity".
 */
export function identityButtonLabel(status: VerificationStatus | undefined, starting: boolean): string {
  if (starting) return IDENTITY_LABELS.starting;
  if (status?.verified) return IDENTITY_LABELS.verified;
  if (status?.status === "requires_input") return IDENTITY_LABELS.continue;
  return IDENTITY_LABELS.verify;
}

export function verificationPollInterval(status: VerificationStatus | undefined): number | false {
  return status?.status === "requires_input" ? VERIFICATION_POLL_MS : false;
}

/**
 * Stripe changes the status from outside (its webhook), so it is read again each
 * time the home page opens; the persisted answer shows meanwhile (and offline).
 */
export function useVerificationStatus() {
  return useQuery<VerificationStatus>({
    queryKey: VERIFICATION_STATUS_KEY,
    staleTime: 0,
    refetchInterval: (query) => verificationPollInterval(query.state.data),
  });
}

/** Starts a verification session; answers the hosted page's URL to send the browser to. */
export async function startVerification(): Promise<string> {
  const { url } = (await call<{ url?: string } | null>("POST", "/api/stripe/verification-session")) ?? {};
  if (!url) throw new Error(VERIFICATION_MESSAGES.noUrl);
  return url;
}

/** The toast text for a failed start: the server's error, the missing-URL text, or the fallback. */
export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? VERIFICATION_MESSAGES.startFailed;
  if (error instanceof Error && error.message === VERIFICATION_MESSAGES.noUrl) return error.message;
  return VERIFICATION_MESSAGES.startFailed;
}
