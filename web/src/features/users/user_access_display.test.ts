import { describe, expect, it } from "vitest";
import { nextChangeText, userAccessEmpty, userAccessTitle } from "./user_access_display";

describe("nextChangeText", () => {
  const now = new Date("2026-03-02T10:00:00Z"); // a Monday
  it("says until when a room opens today, in the viewer's zone", () => {
    expect(nextChangeText("2026-03-02T17:00:00.000Z", true, now, "UTC")).toBe("Until 17:00");
    expect(nextChangeText("2026-03-02T17:00:00.000Z", true, now, "Europe/Berlin")).toBe("Until 18:00");
  });
  it("says from when a closed room opens: today, this week, later", () => {
    expect(nextChangeText("2026-03-02T13:00:00.000Z", false, now, "UTC")).toBe("From 13:00");
    expect(nextChangeText("2026-03-04T08:00:00.000Z", false, now, "UTC")).toBe("From Wednesday 08:00");
    expect(nextChangeText("2026-03-16T08:00:00.000Z", false, now, "UTC")).toBe("From Monday 16 March 2026 08:00");
  });
  it("takes the day in the viewer's zone: Tokyo's Tuesday is UTC's Monday night", () => {
    expect(nextChangeText("2026-03-02T18:00:00.000Z", false, now, "Asia/Tokyo")).toBe("From Tuesday 03:00");
    expect(nextChangeText("2026-03-02T18:00:00.000Z", false, now, "UTC")).toBe("From 18:00");
  });
  it("a window ending at midnight lasts until 24:00", () => {
    expect(nextChangeText("2026-03-03T00:00:00.000Z", true, now, "UTC")).toBe("Until 24:00");
    expect(nextChangeText("2026-03-03T00:00:00.000Z", false, now, "UTC")).toBe("From Tuesday 00:00");
  });
  it("is null when nothing but an admin's change changes it", () => {
    expect(nextChangeText(null, true, now, "UTC")).toBeNull();
    expect(nextChangeText(null, false, now, "UTC")).toBeNull();
  });
});

describe("userAccessTitle", () => {
  it("names the user by first name, else as the header does", () => {
    expect(userAccessTitle({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("What Ada can open");
    expect(userAccessTitle({ firstName: " ", lastName: "Lovelace", email: "ada@example.com" })).toBe("What Lovelace can open");
    expect(userAccessTitle({ firstName: "", lastName: "", email: "ada@example.com" })).toBe("What ada@example.com can open");
    expect(userAccessEmpty({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" })).toBe("No rooms: none of Ada's groups holds one.");
  });
});
