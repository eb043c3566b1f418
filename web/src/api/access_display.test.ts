import { describe, expect, it } from "vitest";
import { filterPeople, openNowChip, personHaystack, viaText } from "./access_display";
import { readAgainIn } from "./access_review";

const via = (groupName: string, scheduleName: string | null, lockdownOverride = false) => ({
  groupId: 1,
  groupName,
  scheduleId: scheduleName ? 2 : null,
  scheduleName,
  lockdownOverride,
});

describe("viaText", () => {
  it("names the group and its schedule, Always without one", () => {
    expect(viaText([via("Night Shift", "Office Hours")])).toBe("Night Shift (Office Hours)");
    expect(viaText([via("Staff", null)])).toBe("Staff (Always)");
  });
  it("notes a group that passes a lockdown", () => {
    expect(viaText([via("Security", null, true)])).toBe("Security (Always, lockdown override)");
    expect(viaText([via("Responders", "Weekends", true)])).toBe("Responders (Weekends, lockdown override)");
  });
  it("joins several grants with '; ', in the answer's order", () => {
    expect(viaText([via("Engineering", null), via("Night Shift", "Office Hours")])).toBe("Engineering (Always); Night Shift (Office Hours)");
  });
  it("says nothing for no grant", () => {
    expect(viaText([])).toBe("");
  });
});

describe("openNowChip", () => {
  it("says Yes / No in a table cell, the whole words on a card", () => {
    expect(openNowChip(true, "cell")).toEqual({ label: "Yes", color: "success" });
    expect(openNowChip(false, "cell")).toEqual({ label: "No", color: "neutral" });
    expect(openNowChip(true, "card")).toEqual({ label: "Can open now", color: "success" });
    expect(openNowChip(false, "card")).toEqual({ label: "Cannot open now", color: "neutral" });
  });
});

describe("filterPeople", () => {
  const people = [
    { name: "Ada Lovelace", email: "ada@example.com" },
    { name: "Grace Hopper", email: "grace@navy.test" },
    { name: "alan@example.com", email: "alan@example.com" },
  ];
  it("matches name or e-mail, any case, trimmed, in order", () => {
    expect(filterPeople(people, "  LOVE ")).toEqual([people[0]]);
    expect(filterPeople(people, "example.com")).toEqual([people[0], people[2]]);
    expect(filterPeople(people, "navy")).toEqual([people[1]]);
  });
  it("keeps everyone for an empty search, no one for a miss", () => {
    expect(filterPeople(people, "  ")).toEqual(people);
    expect(filterPeople(people, "nobody")).toEqual([]);
  });
  it("does not match across name and e-mail", () => {
    expect(filterPeople(people, "hopper grace")).toEqual([]);
    expect(personHaystack(people[1])).toBe("grace hopper\ngrace@navy.test");
  });
});

describe("readAgainIn", () => {
  const now = Date.parse("2026-03-02T10:00:00Z");
  it("reads a second after the first change to come", () => {
    const rooms = [{ nextChange: "2026-03-02T10:00:30.000Z" }, { nextChange: "2026-03-02T10:00:10.000Z" }, { nextChange: null }];
    expect(readAgainIn(rooms, now)).toBe(11_000);
  });
  it("reads every minute at most, and ignores changes past", () => {
    expect(readAgainIn([{ nextChange: "2026-03-02T12:00:00.000Z" }], now)).toBe(60_000);
    expect(readAgainIn([{ nextChange: "2026-03-02T09:00:00.000Z" }], now)).toBe(60_000);
    expect(readAgainIn(undefined, now)).toBe(60_000);
    expect(readAgainIn([], now)).toBe(60_000);
  });
});
