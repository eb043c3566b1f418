// How the Identity Verification card shows a user's status (spec 1 §4).
import type { UserVerification } from "./api";

export type VerificationDisplay = {
  label: "Verified" | "In Progress" | "Canceled" | "Not Started";
  text: string | null;
  color: "success" | "warning" | "neutral";
};

export function verificationDisplay(v: Pick<UserVerification, "verified" | "status"> | undefined): VerificationDisplay {
  if (v?.verified) return { label: "Verified", text: null, color: "success" };
  if (v?.status === "requires_input") {
    return { label: "In Progress", text: "User is currently completing verification", color: "warning" };
  }
  if (v?.status === "canceled") return { label: "Canceled", text: "Verification was canceled", color: "neutral" };
  return { label: "Not Started", text: "User has not started verification process", color: "neutral" };
}

export const VERIFICATION_ERROR_TITLE = "Verification Error";

/** The "Verification Error" box's text, or null when there was no error. */
export function verificationErrorText(v: Pick<UserVerification, "lastError"> | undefined): string | null {
  if (!v?.lastError) return null;
  return v.lastError.message?.trim() || "An error occurred during verification";
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", hour12: true });

export const verificationDateText = (iso: string | null | undefined) =>
  iso ? dateFormat.format(new Date(iso)) : null;
