import { describe, expect, it } from "vitest";
import { signupComplete } from "./signup_form";

const full = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "analytical" };

describe("signupComplete", () => {
  it("needs every field", () => {
    expect(signupComplete(full)).toBe(true);
    for (const field of Object.keys(full) as (keyof typeof full)[]) {
      expect(signupComplete({ ...full, [field]: "" }), field).toBe(false);
    }
  });
  it("does not count blanks as a name or e-mail", () => {
    expect(signupComplete({ ...full, firstName: "  " })).toBe(false);
    expect(signupComplete({ ...full, email: " " })).toBe(false);
  });
});
