import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api_error";
import {
  identityButtonLabel,
  VERIFICATION_POLL_MS,
  verificationErrorMessage,
  verificationPollInterval,
} from "./identity_verification";

/** A refusal as the client throws it, from a real Response. */
function refusal(status: number, error: string | null) {
  const text = error === null ? "" : JSON.stringify({ error });
  return ApiError.from(new Response(text, { status }), text);
}

describe("identityButtonLabel", () => {
  it("reads Verify Identity without a status (failed or loading call) or when not started", () => {
    expect(identityButtonLabel(undefined, false)).toBe("Verify Identity");
    expect(identityButtonLabel({ verified: false, status: null }, false)).toBe("Verify Identity");
    expect(identityButtonLabel({ verified: false, status: "canceled" }, false)).toBe("Verify Identity");
  });
  it("reads Continue Verification while input is required", () => {
    expect(identityButtonLabel({ verified: false, status: "requires_input" }, false)).toBe("Continue Verification");
  });
  it("reads Identity Verified when verified", () => {
    expect(identityButtonLabel({ verified: true, status: "verified" }, false)).toBe("Identity Verified");
  });
  it("reads Starting verification... while the start call runs", () => {
    expect(identityButtonLabel({ verified: false, status: "requires_input" }, true)).toBe("Starting verification...");
  });
});

describe("verificationPollInterval", () => {
  it("polls every 5 s only while input is required", () => {
    expect(verificationPollInterval({ verified: false, status: "requires_input" })).toBe(VERIFICATION_POLL_MS);
    expect(VERIFICATION_POLL_MS).toBe(5000);
    expect(verificationPollInterval({ verified: true, status: "verified" })).toBe(false);
    expect(verificationPollInterval(undefined)).toBe(false);
  });
});

describe("verificationErrorMessage", () => {
  it("shows the server's error, the missing-URL text, or the fallback", () => {
    expect(verificationErrorMessage(refusal(500, "Stripe is down"))).toBe("Stripe is down");
    expect(verificationErrorMessage(refusal(500, null))).toBe("Failed to start verification process");
    expect(verificationErrorMessage(new Error("No verification URL received from server")))
      .toBe("No verification URL received from server");
    expect(verificationErrorMessage(new TypeError("Failed to fetch"))).toBe("Failed to start verification process");
  });
});
