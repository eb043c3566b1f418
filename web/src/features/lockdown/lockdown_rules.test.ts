import { describe, expect, it } from "vitest";
import { lockdownBody, lockdownProblem, lockdownRooms, lockdownSince } from "./lockdown_rules";

describe("lockdownProblem", () => {
  it("asks for rooms when rooms are chosen, then for a reason of at most 200 characters", () => {
    expect(lockdownProblem({ scope: "rooms", roomIds: [], reason: "Fire" })).toBe("Choose at least one room");
    expect(lockdownProblem({ scope: "all", roomIds: [], reason: "   " })).toBe("Reason is required");
    expect(lockdownProblem({ scope: "all", roomIds: [], reason: "x".repeat(201) })).toBe("Reason must be at most 200 characters");
    expect(lockdownProblem({ scope: "all", roomIds: [], reason: ` ${"x".repeat(200)} ` })).toBeNull();
    expect(lockdownProblem({ scope: "rooms", roomIds: [3], reason: "Drill" })).toBeNull();
  });
});

describe("lockdownBody", () => {
  it("names rooms only for a rooms lockdown, and trims the reason", () => {
    expect(lockdownBody({ scope: "all", roomIds: [1], reason: " Fire " })).toEqual({ scope: "all", reason: "Fire" });
    expect(lockdownBody({ scope: "rooms", roomIds: [1, 2], reason: "Drill" })).toEqual({ scope: "rooms", roomIds: [1, 2], reason: "Drill" });
  });
});

describe("lockdownRooms", () => {
  const names = new Map([[1, "Lab"], [2, "Vault"]]);
  it("says All rooms, or the rooms by name, or counts them while names are unknown", () => {
    expect(lockdownRooms({ scope: "all", roomIds: [] }, names)).toBe("All rooms");
    expect(lockdownRooms({ scope: "rooms", roomIds: [2, 1] }, names)).toBe("Vault, Lab");
    expect(lockdownRooms({ scope: "rooms", roomIds: [1, 9] }, names)).toBe("2 rooms");
    expect(lockdownRooms({ scope: "rooms", roomIds: [9] }, new Map())).toBe("1 room");
  });
});

describe("lockdownSince", () => {
  it("says when and by whom", () => {
    expect(lockdownSince("2026-03-03T14:05:00Z", "Avery Adams", "UTC")).toBe("since Mar 3, 2026, 2:05 PM by Avery Adams");
  });
});
