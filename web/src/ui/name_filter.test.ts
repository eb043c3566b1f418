import { describe, expect, it } from "vitest";
import { filterByName, filterByNameOrDescription } from "./name_filter";

const groups = [
  { id: 1, name: "Admin", description: "Administrators", isActive: true },
  { id: 2, name: "Visitors", description: "Escorted day visitors", isActive: false },
  { id: 3, name: "Staff", description: null, isActive: true },
];
const rooms = [
  { id: 1, name: "Main Lobby", description: "Front desk", isActive: true },
  { id: 2, name: "Storage Annex", description: "Closed for renovation", isActive: false },
  { id: 3, name: "Mail Room", description: null, isActive: true },
];

describe("filterByNameOrDescription (groups, rooms)", () => {
  it("matches the name or the description, any case", () => {
    expect(filterByNameOrDescription(groups, "ADMIN").map((g) => g.id)).toEqual([1]);
    expect(filterByNameOrDescription(groups, "escorted").map((g) => g.id)).toEqual([2]);
    expect(filterByNameOrDescription(groups, " ").map((g) => g.id)).toEqual([1, 2, 3]);
    expect(filterByNameOrDescription(rooms, "LOBBY", false).map((r) => r.id)).toEqual([1]);
    expect(filterByNameOrDescription(rooms, "renovation", true).map((r) => r.id)).toEqual([2]);
  });
  it("hides deactivated ones unless asked", () => {
    expect(filterByNameOrDescription(groups, "", false).map((g) => g.id)).toEqual([1, 3]);
    expect(filterByNameOrDescription(groups, "visitors", false)).toEqual([]);
    expect(filterByNameOrDescription(rooms, "", true).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterByNameOrDescription(rooms, "  ", false).map((r) => r.id)).toEqual([1, 3]);
  });
});

describe("filterByName (a group's rooms)", () => {
  it("searches the name only", () => {
    expect(filterByName(rooms, "ROOM").map((r) => r.id)).toEqual([3]);
    expect(filterByName(rooms, "").length).toBe(3);
    expect(filterByName(rooms, "front")).toEqual([]);
  });
});
