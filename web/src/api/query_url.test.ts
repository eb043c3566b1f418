import { describe, expect, it } from "vitest";
import { dayBounds, withQuery } from "./query_url";

describe("query urls", () => {
  it("adds only the parameters given, encoded", () => {
    expect(withQuery("/api/audit", new URLSearchParams())).toBe("/api/audit");
    expect(withQuery("/api/audit", { search: "a b", action: "room.update" })).toBe("/api/audit?search=a+b&action=room.update");
  });
  it("turns local days into inclusive instants", () => {
    const { from, to } = dayBounds("2026-03-01", "2026-03-02");
    expect(new Date(from!).getHours()).toBe(0);
    expect(new Date(to!).getTime() - new Date(from!).getTime()).toBe(2 * 86_400_000 - 1 + offsetShift(from!, to!));
    expect(dayBounds("", "nope")).toEqual({});
  });
});

// Daylight-saving changes between the two days move the span by the shift.
function offsetShift(from: string, to: string) {
  return (new Date(to).getTimezoneOffset() - new Date(from).getTimezoneOffset()) * 60_000;
}
