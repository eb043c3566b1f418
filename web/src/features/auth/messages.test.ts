import { describe, expect, it } from "vitest";
import { ServerError } from "../../api/server_call";
import { MESSAGES, passkeyCheckRefusal, passkeyLoginFailure, passwordLoginFailure, signupFailure } from "./messages";

const throttled = "Too many sign-in attempts. Please try again in 15 minutes.";

describe("password login failure", () => {
  it("shows the server's error (401, 403, 429)", () => {
    expect(passwordLoginFailure(new ServerError(401, "Invalid email or password"))).toBe("Invalid email or password");
    expect(passwordLoginFailure(new ServerError(429, throttled))).toBe(throttled);
  });
  it("falls back to Login failed without one", () => {
    expect(passwordLoginFailure(new ServerError(500, null))).toBe(MESSAGES.loginFailed);
  });
  it("asks to try again when there was no answer", () => {
    expect(passwordLoginFailure(new TypeError("Failed to fetch"))).toBe("Login failed. Please try again.");
  });
});

describe("sign-up failure", () => {
  it("shows the server's error, else Signup failed, else try again", () => {
    expect(signupFailure(new ServerError(409, "An account with this email already exists")))
      .toBe("An account with this email already exists");
    expect(signupFailure(new ServerError(502, null))).toBe("Signup failed");
    expect(signupFailure(new TypeError("Failed to fetch"))).toBe("Signup failed. Please try again.");
  });
});

describe("passkey login failure", () => {
  it("shows the server's (or step's fallback) message", () => {
    expect(passkeyLoginFailure(new ServerError(401, "Face ID authentication failed"))).toBe("Face ID authentication failed");
    expect(passkeyLoginFailure(new ServerError(400, "Failed to get authentication options")))
      .toBe("Failed to get authentication options");
  });
  it("shows Face ID authentication failed for the browser's own errors", () => {
    const cancelled = Object.assign(new Error("The operation either timed out or was not allowed."), { name: "NotAllowedError" });
    expect(passkeyLoginFailure(cancelled)).toBe("Face ID authentication failed");
  });
});

describe("passkey check refusal", () => {
  it("reads a 400 as an invalid e-mail", () => {
    expect(passkeyCheckRefusal(new ServerError(400, "email: must be a valid email address"))).toBe(MESSAGES.invalidEmail);
  });
  it("shows other refusals as the server put them", () => {
    expect(passkeyCheckRefusal(new ServerError(503, "Service unavailable"))).toBe("Service unavailable");
    expect(passkeyCheckRefusal(new ServerError(500, null))).toBe(MESSAGES.checkFailed);
  });
});
