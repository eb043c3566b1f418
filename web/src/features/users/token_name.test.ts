import { describe, expect, it } from "vitest";
import { tokenNameProblem } from "./token_name";

describe("a SCIM token's name", () => {
  it("is checked as the server checks it, in its words", () => {
    expect(tokenNameProblem("Okta")).toBeNull();
    expect(tokenNameProblem("  Entra ID  ")).toBeNull();
    expect(tokenNameProblem("   ")).toBe("Token name is required");
    expect(tokenNameProblem("x".repeat(100))).toBeNull();
    expect(tokenNameProblem("x".repeat(101))).toBe("Token name must be at most 100 characters");
  });
});
