import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api_error";
import { MESSAGES, passkeyCheckRefusal, passkeyLoginFailure, passwordLoginFailure, signupFailure } from "./messages";

/** A refusal as the client throws it, from a real Response. */
function refusal(status: number, error: string | null) {
  const text = error === null ? "" : JSON.stringify({ error });
  return ApiError.from(new Response(text, { status }), text);
}

const throttled = "Too many sign-in attempts. Please try again in 15 minutes.";

describe("password login failure", () => {
  it("shows the server's error (401, 403, 429)", () => {
    expect(passwordLoginFailure(refusal(401, "Invalid email or password"))).toBe("Invalid email or password");
    expect(passwordLoginFailure(refusal(429, throttled))).toBe(throttled);
  });
  it("falls back to Login failed without one", () => {
    expect(passwordLoginFailure(refusal(500, null))).toBe(MESSAGES.loginFailed);
  });
  it("asks to try again when there was no answer", () => {
    expect(passwordLoginFailure(new TypeError("Failed to fetch"))).toBe("Login failed. Please try again.");
  });
});

describe("sign-up failure", () => {
  it("shows the server's error, else Signup failed, else try again", () => {
    expect(signupFailure(refusal(409, "An account with this email already exists")))
      .toBe("An account with this email already exists");
    expect(signupFailure(refusal(502, null))).toBe("Signup failed");
    expect(signupFailure(new TypeError("Failed to fetch"))).toBe("Signup failed. Please try again.");
  });
});

describe("passkey login failure", () => {
  it("shows the server's (or step's fallback) message", () => {
    expect(passkeyLoginFailure(refusal(401, "Face ID authentication failed"))).toBe("Face ID authentication failed");
    expect(passkeyLoginFailure(refusal(400, "Failed to get authentication options")))
      .toBe("Failed to get authentication options");
  });
  it("shows Face ID authentication failed for the browser's own errors", () => {
    const cancelled = Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" });
    expect(passkeyLoginFailure(cancelled)).toBe("Face ID authentication failed");
  });
});

describe("passkey check refusal", () => {
  it("reads a 400 as an invalid e-mail", () => {
    expect(passkeyCheckRefusal(refusal(400, "email: must be a valid email address"))).toBe(MESSAGES.invalidEmail);
  });
  it("shows other refusals as the server put them", () => {
    expect(passkeyCheckRefusal(refusal(503, "Service unavailable"))).toBe("Service unavailable");
    expect(passkeyCheckRefusal(refusal(500, null))).toBe(MESSAGES.checkFailed);
  });
});
