import { describe, expect, it } from "vitest";
import { closedLine, type Door, nextRead, unlockedToast } from "./door_rules";

const door = (over: Partial<Door> = {}): Door => ({
  roomId: 1,
  roomName: "Lab",
  doorCount: 1,
  canOpenNow: true,
  reason: null,
  message: null,
  nextChange: null,
  ...over,
});
const closed = { canOpenNow: false, reason: "outside_schedule" as const, message: "Outside the allowed hours for this room" };

describe("closedLine", () => {
  it("says nothing for a door that opens now", () => {
    expect(closedLine(door(), new Date(), "UTC")).toBeNull();
  });
  it("gives the reason and the next opening, in the given zone", () => {
    // Friday 18:00 UTC; opens Monday 08:00.
    const now = new Date("2026-03-06T18:00:00Z");
    expect(closedLine(door({ ...closed, nextChange: "2026-03-09T08:00:00.000Z" }), now, "UTC"))
      .toBe("Outside the allowed hours for this room — opens Monday 08:00");
    expect(closedLine(door({ ...closed, nextChange: "2026-03-06T20:00:00.000Z" }), now, "UTC"))
      .toBe("Outside the allowed hours for this room — opens at 20:00");
  });
  it("gives the reason alone when no clock brings a change", () => {
    expect(closedLine(door({ canOpenNow: false, reason: "lockdown", message: "Lockdown in effect" }), new Date(), "UTC")).toBe("Lockdown in effect");
  });
  it("gives the reason alone while the visitor's time zone is not known (hydrating the server's page)", () => {
    const now = new Date("2026-03-06T18:00:00Z");
    expect(closedLine(door({ ...closed, nextChange: "2026-03-09T08:00:00.000Z" }), now, null))
      .toBe("Outside the allowed hours for this room");
  });
  it("says a room without a door has none to unlock", () => {
    expect(closedLine(door({ doorCount: 0 }), new Date(), "UTC")).toBe("This room has no door to unlock");
  });
});

describe("unlockedToast", () => {
  it("is Door unlocked when a door opened", () => {
    expect(unlockedToast("Lab", {
      decision: "granted",
      message: "Door unlocked",
      logId: 1,
      doors: [{ deviceId: 1, name: "A", result: "no answer" }, { deviceId: 2, name: "B", result: "unlocked" }],
    })).toEqual({ title: "Door unlocked", description: "Lab is open" });
  });
  it("says so when no door opened", () => {
    expect(unlockedToast("Lab", { decision: "granted", message: "Door unlocked", logId: 1, doors: [{ deviceId: 1, name: "A", result: "no answer" }] }).title)
      .toBe("Door did not open");
  });
});

describe("nextRead", () => {
  it("is the earliest next change, or null", () => {
    expect(nextRead([door(), door({ nextChange: "2026-03-09T08:00:00.000Z" }), door({ nextChange: "2026-03-07T08:00:00.000Z" })]))
      .toBe(Date.parse("2026-03-07T08:00:00.000Z"));
    expect(nextRead([door()])).toBeNull();
  });
});
