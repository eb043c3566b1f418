// The visitors' words and tabs on a fixed clock, in the browser's zone set here.
process.env.TZ = "Europe/Berlin";
import { describe, expect, it } from "vitest";
import {
  currentGuests,
  defaultWindow,
  emptyText,
  fromLocalInput,
  localInput,
  statusChip,
  tabOf,
  tabUrl,
  tabVisits,
  type Visit,
  windowText,
} from "./visit_display";

// Friday 27 November 2026, 10:00 in Berlin (UTC+1).
const NOW = new Date("2026-11-27T09:00:00Z");

const visit = (over: Partial<Visit> = {}): Visit => ({
  id: 1,
  guestName: "Grace Guest",
  guestEmail: "grace@example.com",
  host: { id: 2, name: "Harper Host" },
  roomIds: [3],
  roomNames: ["Lobby"],
  startsAt: "2026-11-27T13:00:00Z",
  endsAt: "2026-11-27T15:00:00Z",
  note: "",
  pin: "123456",
  status: "upcoming",
  arrivedAt: null,
  revokedAt: null,
  createdAt: "2026-11-20T09:00:00Z",
  createdBy: null,
  updatedAt: "2026-11-20T09:00:00Z",
  ...over,
});

describe("a visit's chip", () => {
  it("says Upcoming until 15 minutes before the start, then Active", () => {
    expect(statusChip(visit(), NOW).label).toBe("Upcoming");
    expect(statusChip(visit({ startsAt: "2026-11-27T09:16:00Z" }), NOW).label).toBe("Upcoming");
    expect(statusChip(visit({ startsAt: "2026-11-27T09:15:00Z" }), NOW).label).toBe("Active");
  });

  it("says Arrived HH:MM once the guest came in, with the date on another day", () => {
    const here = visit({ startsAt: "2026-11-27T08:00:00Z", arrivedAt: "2026-11-27T08:05:00Z" });
    expect(statusChip(here, NOW, "Europe/Berlin").label).toBe("Arrived 09:05");
    expect(statusChip(here, NOW, "UTC").label).toBe("Arrived 08:05");
    const days = visit({ startsAt: "2026-11-25T08:00:00Z", arrivedAt: "2026-11-25T08:05:00Z" });
    expect(statusChip(days, NOW, "Europe/Berlin").label).toBe("Arrived Nov 25, 09:05");
  });

  it("says Ended after the end and Revoked once revoked, whatever the clock", () => {
    expect(statusChip(visit({ endsAt: "2026-11-27T09:00:00Z", startsAt: "2026-11-27T08:00:00Z" }), NOW).label).toBe("Ended");
    expect(statusChip(visit({ revokedAt: "2026-11-26T09:00:00Z" }), NOW).label).toBe("Revoked");
    expect(statusChip(visit({ revokedAt: "2026-11-26T09:00:00Z", arrivedAt: "2026-11-27T08:05:00Z" }), NOW).label).toBe("Revoked");
  });
});

describe("the tabs", () => {
  it("put a visit touching the viewer's day in Today, later ones in Upcoming, earlier ones in Past", () => {
    // Berlin's day: 26 Nov 23:00Z to 27 Nov 23:00Z.
    expect(tabOf(visit(), NOW)).toBe("today");
    expect(tabOf(visit({ startsAt: "2026-11-26T22:00:00Z", endsAt: "2026-11-26T23:30:00Z" }), NOW)).toBe("today");
    expect(tabOf(visit({ startsAt: "2026-11-26T20:00:00Z", endsAt: "2026-11-26T23:00:00Z" }), NOW)).toBe("past");
    expect(tabOf(visit({ startsAt: "2026-11-27T23:00:00Z", endsAt: "2026-11-28T01:00:00Z" }), NOW)).toBe("upcoming");
    expect(tabOf(visit({ startsAt: "2026-11-27T22:59:00Z", endsAt: "2026-11-29T01:00:00Z" }), NOW)).toBe("today");
  });

  it("read the span of each tab from the API", () => {
    expect(tabUrl("today", NOW)).toBe("/api/visits?from=2026-11-26T23%3A00%3A00.000Z&to=2026-11-27T23%3A00%3A00.000Z");
    expect(tabUrl("upcoming", NOW)).toBe("/api/visits?from=2026-11-27T23%3A00%3A00.000Z");
    expect(tabUrl("past", NOW)).toBe("/api/visits?from=2026-10-27T23%3A00%3A00.000Z&to=2026-11-26T23%3A00%3A00.000Z");
  });

  it("search guest, e-mail and host in any case, by start (Past newest first)", () => {
    const a = visit({ id: 1, guestName: "Ada", startsAt: "2026-11-27T14:00:00Z" });
    const b = visit({ id: 2, guestName: "Bea", guestEmail: null, startsAt: "2026-11-27T12:00:00Z" });
    const c = visit({ id: 3, guestName: "Cy", startsAt: "2026-11-29T12:00:00Z", endsAt: "2026-11-29T13:00:00Z" });
    expect(tabVisits([a, b, c], "today", "", NOW).map((v) => v.id)).toEqual([2, 1]);
    expect(tabVisits([a, b, c], "today", " ada ", NOW).map((v) => v.id)).toEqual([1]);
    expect(tabVisits([a, b, c], "today", "EXAMPLE.com", NOW).map((v) => v.id)).toEqual([1]);
    expect(tabVisits([a, b, c], "today", "harper", NOW).map((v) => v.id)).toEqual([2, 1]);
    expect(tabVisits([a, b, c], "upcoming", "", NOW).map((v) => v.id)).toEqual([3]);
    const old = visit({ id: 4, startsAt: "2026-11-20T12:00:00Z", endsAt: "2026-11-20T13:00:00Z" });
    const older = visit({ id: 5, startsAt: "2026-11-10T12:00:00Z", endsAt: "2026-11-10T13:00:00Z" });
    expect(tabVisits([older, old], "past", "", NOW).map((v) => v.id)).toEqual([4, 5]);
    expect(emptyText("today", "")).toBe("No visitors today.");
    expect(emptyText("past", "x")).toBe("No visits match your search.");
  });

  it("leave a member's guests still to come or here now", () => {
    const gone = visit({ id: 1, startsAt: "2026-11-26T08:00:00Z", endsAt: "2026-11-26T09:00:00Z" });
    const revoked = visit({ id: 2, revokedAt: "2026-11-26T09:00:00Z" });
    const later = visit({ id: 3, startsAt: "2026-12-01T08:00:00Z", endsAt: "2026-12-01T09:00:00Z" });
    const now = visit({ id: 4, startsAt: "2026-11-27T08:00:00Z" });
    expect(currentGuests([later, gone, revoked, now], NOW).map((v) => v.id)).toEqual([4, 3]);
  });
});

describe("the window in a time zone", () => {
  it("is written in the visitor's own zone, one day or across days", () => {
    expect(windowText("2026-11-27T13:00:00Z", "2026-11-27T15:00:00Z", "Europe/Berlin")).toBe("Fri, 27 Nov 2026, 14:00–16:00");
    expect(windowText("2026-11-27T13:00:00Z", "2026-11-27T15:00:00Z", "America/New_York")).toBe("Fri, 27 Nov 2026, 08:00–10:00");
    expect(windowText("2026-11-27T13:00:00Z", "2026-11-28T06:00:00Z", "America/New_York")).toBe(
      "Fri, 27 Nov 2026, 08:00 – Sat, 28 Nov 2026, 01:00",
    );
    // The same window that stays within New York's day crosses Tokyo's midnight.
    expect(windowText("2026-11-27T13:00:00Z", "2026-11-27T16:00:00Z", "Asia/Tokyo")).toBe("Fri, 27 Nov 2026, 22:00 – Sat, 28 Nov 2026, 01:00");
  });
});

describe("the form's times", () => {
  it("go between the browser's datetime-local fields and the API's ISO text", () => {
    expect(localInput(NOW)).toBe("2026-11-27T10:00");
    expect(fromLocalInput("2026-11-27T10:00")).toBe("2026-11-27T09:00:00.000Z");
    expect(fromLocalInput("2026-07-01T10:00")).toBe("2026-07-01T08:00:00.000Z");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("tomorrow")).toBeNull();
  });

  it("propose the next quarter hour, for two hours", () => {
    expect(defaultWindow(new Date("2026-11-27T09:07:00Z"))).toEqual({ start: "2026-11-27T10:15", end: "2026-11-27T12:15" });
    expect(defaultWindow(NOW)).toEqual({ start: "2026-11-27T10:00", end: "2026-11-27T12:00" });
  });
});
