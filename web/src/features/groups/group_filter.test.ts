import { describe, expect, it } from "vitest";
import { filterMembers, pickableRooms, pickableUsers, removeGroupRoomConfirmation, removeMemberText } from "./group_filter";

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

describe("group room picker", () => {
  const rooms = [
    { id: 1, name: "Main Lobby", description: "Front desk", isActive: true },
    { id: 2, name: "Storage Annex", isActive: false },
    { id: 3, name: "Mail Room", isActive: true },
  ];
  it("offers active rooms not in the group, by name in any case", () => {
    expect(pickableRooms(rooms, new Set([3]), "").map((r) => r.id)).toEqual([1]);
    expect(pickableRooms(rooms, new Set(), "mAiL").map((r) => r.id)).toEqual([3]);
    expect(pickableRooms(rooms, new Set(), "annex")).toEqual([]);
    // The description is not searched.
    expect(pickableRooms(rooms, new Set(), "front")).toEqual([]);
  });
  it("words the remove confirmation", () => {
    expect(removeGroupRoomConfirmation("Mail Room", "Staff")).toContain("The group will lose access to this room.");
  });
});
