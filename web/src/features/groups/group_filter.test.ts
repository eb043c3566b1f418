import { describe, expect, it } from "vitest";
import { filterGroups, filterMembers, pickableUsers, removeMemberText } from "./group_filter";

const groups = [
  { id: 1, name: "Admin", description: "Administrators", isActive: true },
  { id: 2, name: "Visitors", description: "Escorted day visitors", isActive: false },
  { id: 3, name: "Staff", description: null, isActive: true },
];

describe("filterGroups", () => {
  it("matches the name or the description, any case", () => {
    expect(filterGroups(groups, "ADMIN").map((g) => g.id)).toEqual([1]);
    expect(filterGroups(groups, "escorted").map((g) => g.id)).toEqual([2]);
    expect(filterGroups(groups, " ").map((g) => g.id)).toEqual([1, 2, 3]);
  });
  it("hides deactivated groups unless asked", () => {
    expect(filterGroups(groups, "", false).map((g) => g.id)).toEqual([1, 3]);
    expect(filterGroups(groups, "visitors", false)).toEqual([]);
  });
});

const people = [
  { id: 1, firstName: "Ada", lastName: "Lovelace", email: "ada@engine.test", isActive: true },
  { id: 2, firstName: "Alan", lastName: "Turing", email: "alan@bletchley.test", isActive: true },
  { id: 3, firstName: "Ada", lastName: "Byron", email: "byron@poetry.test", isActive: false },
  { id: 4, firstName: "Grace", lastName: "Hopper", email: "grace@navy.test", isActive: true },
];

describe("members and the picker", () => {
  it("filters members by full name or e-mail", () => {
    expect(filterMembers(people, "ada l").map((p) => p.id)).toEqual([1]);
    expect(filterMembers(people, "NAVY").map((p) => p.id)).toEqual([4]);
  });
  it("offers only active users who are not members", () => {
    expect(pickableUsers(people, new Set([2]), "").map((p) => p.id)).toEqual([1, 4]);
    expect(pickableUsers(people, new Set(), "ada").map((p) => p.id)).toEqual([1]);
    expect(pickableUsers(people, new Set([1]), "ada")).toEqual([]);
  });
  it("words the remove confirmation", () => {
    expect(removeMemberText("Ada Lovelace"))
      .toBe("Are you sure you want to remove Ada Lovelace from this group? They will lose all access from group.");
  });
});
