import { describe, expect, it } from "vitest";
import { formatTime } from "./format_time";

describe("formatTime", () => {
  it("uses en-US with a 12-hour clock", () => {
    expect(formatTime("2026-11-21T13:37:50.003Z", "UTC")).toBe("Nov 21, 2026, 1:37:50 PM");
    expect(formatTime("2026-11-21T00:05:00Z", "America/New_York")).toBe("Nov 20, 2026, 7:05:00 PM");
  });
});
