import { describe, expect, it } from "vitest";
import { currentGuests, guestWindowText } from "./room_access_display";

const guest = (visitId: number, startsAt: string, endsAt: string) => ({
  visitId,
  guestName: `Guest ${visitId}`,
  hostName: "Ada Lovelace",
  startsAt,
  endsAt,
  status: "upcoming" as const,
});

describe("currentGuests", () => {
  const now = new Date("2026-03-02T10:00:00Z");
  it("words each as the Visitors page does: Upcoming until the pass works, then Active", () => {
    const shown = currentGuests([
      guest(1, "2026-03-02T09:00:00Z", "2026-03-02T12:00:00Z"),
      // The pass works 15 minutes before the start.
      guest(2, "2026-03-02T10:15:00Z", "2026-03-02T12:00:00Z"),
      guest(3, "2026-03-02T10:15:00.001Z", "2026-03-02T12:00:00Z"),
    ], now);
    expect(shown.map((g) => [g.visit.visitId, g.chip.label])).toEqual([[1, "Active"], [2, "Active"], [3, "Upcoming"]]);
    expect(shown.map((g) => g.chip.color)).toEqual(["warning", "warning", "primary"]);
  });
  it("leaves out a visit over since the read", () => {
    expect(currentGuests([guest(1, "2026-03-02T08:00:00Z", "2026-03-02T10:00:00Z")], now)).toEqual([]);
  });
});

describe("guestWindowText", () => {
  const now = new Date("2026-03-02T10:00:00Z");
  it("says Today for today's window, in the viewer's zone", () => {
    expect(guestWindowText("2026-03-02T09:00:00Z", "2026-03-02T17:00:00Z", now, "UTC")).toBe("Today, 09:00–17:00");
    expect(guestWindowText("2026-03-02T09:00:00Z", "2026-03-02T17:00:00Z", now, "Europe/Berlin")).toBe("Today, 10:00–18:00");
  });
  it("gives the date of another day, and both ends across days", () => {
    expect(guestWindowText("2026-03-27T09:00:00Z", "2026-03-27T17:00:00Z", now, "UTC")).toBe("Mar 27, 09:00–17:00");
    expect(guestWindowText("2026-03-02T09:00:00Z", "2026-03-03T12:00:00Z", now, "UTC")).toBe("Today, 09:00 – Mar 3, 12:00");
  });
  it("takes days in the viewer's zone: one UTC day may be two in Tokyo", () => {
    expect(guestWindowText("2026-03-05T12:00:00Z", "2026-03-05T16:00:00Z", now, "Asia/Tokyo")).toBe("Mar 5, 21:00 – Mar 6, 01:00");
  });
});
