import { describe, expect, it } from "vitest";
import { groupEditComplete, newGroupProblems } from "./group_forms";

describe("group forms", () => {
  it("needs a trimmed, non-empty name of at most 100 characters", () => {
    expect(newGroupProblems("  Night shift ")).toBeNull();
    expect(newGroupProblems("   ")).toBe("Group name is required");
    expect(newGroupProblems("x".repeat(101))).toBe("Group name must be at most 100 characters");
  });
  it("needs both name and description to edit", () => {
    expect(groupEditComplete({ name: "Staff", description: "Everyone" })).toBe(true);
    expect(groupEditComplete({ name: "Staff", description: "  " })).toBe(false);
    expect(groupEditComplete({ name: "", description: "x" })).toBe(false);
  });
});
