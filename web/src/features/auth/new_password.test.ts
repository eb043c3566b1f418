import { describe, expect, it } from "vitest";
import { newPasswordFilled, newPasswordProblem } from "./new_password";

describe("a new password and its confirmation", () => {
  it("may be sent when long enough and the same twice", () => {
    expect(newPasswordProblem({ password: "12345678", confirmation: "12345678" })).toBeNull();
    expect(newPasswordProblem({ password: "x".repeat(128), confirmation: "x".repeat(128) })).toBeNull();
  });
  it("needs at least 8 characters, in the app's words for it", () => {
    expect(newPasswordProblem({ password: "1234567", confirmation: "1234567" }))
      .toEqual({ field: "password", text: "Password must be at least 8 characters" });
  });
  it("takes at most 128, as the server does", () => {
    expect(newPasswordProblem({ password: "x".repeat(129), confirmation: "x".repeat(129) }))
      .toEqual({ field: "password", text: "Password must be at most 128 characters" });
  });
  it("says when the confirmation differs, to the character", () => {
    const mismatch = { field: "confirmation", text: "Passwords do not match" };
    expect(newPasswordProblem({ password: "analytical", confirmation: "analytica1" })).toEqual(mismatch);
    expect(newPasswordProblem({ password: "analytical ", confirmation: "analytical" })).toEqual(mismatch);
  });
  it("names the password's own problem before the confirmation's", () => {
    expect(newPasswordProblem({ password: "short", confirmation: "other" })?.text).toBe("Password must be at least 8 characters");
  });
  it("is ready to submit only with both fields filled", () => {
    expect(newPasswordFilled({ password: "analytical", confirmation: "" })).toBe(false);
    expect(newPasswordFilled({ password: "", confirmation: "analytical" })).toBe(false);
    expect(newPasswordFilled({ password: "a", confirmation: "b" })).toBe(true);
  });
});
