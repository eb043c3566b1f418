import { describe, expect, it } from "vitest";
import { filterUsers, haystack, matchesSearch, usersEmptyText } from "./user_filter";

const ada = { id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@engine.test", isActive: true };
const alan = { id: 2, firstName: "Alan", lastName: "Turing", email: "alan@bletchley.test", isActive: false };
const grace = { id: 3, firstName: "", lastName: "", email: "Grace@Navy.test", isActive: true };
const users = [ada, alan, grace];

describe("filterUsers", () => {
  it("hides deactivated users unless Show Deactivated is on", () => {
    expect(filterUsers(users, "", false).map((u) => u.id)).toEqual([1, 3]);
    expect(filterUsers(users, "", true).map((u) => u.id)).toEqual([1, 2, 3]);
  });
  it("matches the full name or the e-mail, any case, trimmed", () => {
    expect(filterUsers(users, "ADA LOVE", true).map((u) => u.id)).toEqual([1]);
    expect(filterUsers(users, "  turing ", true).map((u) => u.id)).toEqual([2]);
    expect(filterUsers(users, "navy.TEST", true).map((u) => u.id)).toEqual([3]);
    expect(filterUsers(users, ".test", false).map((u) => u.id)).toEqual([1, 3]);
  });
  it("does not match across the name and the e-mail", () => {
    expect(matchesSearch(ada, "lovelace ada@")).toBe(false);
  });
  it("uses a precomputed index", () => {
    const index = users.map(haystack);
    expect(filterUsers(users, "alan", true, index)).toEqual([alan]);
  });
  it("filters 10,000 users quickly", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      firstName: `First${i}`,
      lastName: `Last${i}`,
      email: `user${i}@bulk.test`,
      isActive: i % 10 !== 0,
    }));
    const index = many.map(haystack);
    const started = performance.now();
    for (let k = 0; k < 20; k++) filterUsers(many, `user${k}9`, false, index);
    expect((performance.now() - started) / 20).toBeLessThan(16);
    expect(filterUsers(many, "first9999 ", false, index)).toHaveLength(1);
  });
});

describe("empty texts", () => {
  it("tells no users from no matches", () => {
    expect(usersEmptyText("")).toBe("No users found. Create your first user to get started.");
    expect(usersEmptyText("zz")).toBe("No users match your search criteria.");
  });
});
