import { describe, expect, it } from "vitest";
import { verificationDisplay, verificationErrorText } from "./verification_display";

describe("verificationDisplay", () => {
  it("maps the four states of spec 1 §4", () => {
    expect(verificationDisplay({ verified: true, status: "verified" }).label).toBe("Verified");
    expect(verificationDisplay({ verified: false, status: "requires_input" }))
      .toMatchObject({ label: "In Progress", text: "User is currently completing verification" });
    expect(verificationDisplay({ verified: false, status: "canceled" }))
      .toMatchObject({ label: "Canceled", text: "Verification was canceled" });
    for (const status of [null, "processing", "weird"]) {
      expect(verificationDisplay({ verified: false, status }))
        .toMatchObject({ label: "Not Started", text: "User has not started verification process" });
    }
    expect(verificationDisplay(undefined).label).toBe("Not Started");
  });
  it("shows the last error's message, or the generic text", () => {
    expect(verificationErrorText({ lastError: null })).toBeNull();
    expect(verificationErrorText({ lastError: { message: "Document expired", code: null } })).toBe("Document expired");
    expect(verificationErrorText({ lastError: { message: "", code: "x" } })).toBe("An error occurred during verification");
  });
});
