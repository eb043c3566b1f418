import { describe, expect, it } from "vitest";
import {
  addDays,
  at,
  dateOf,
  formatOffset,
  instantOf,
  isWeekday,
  offsetAt,
  parseIsoDate,
  wallClock,
} from "./zoned_time";

const NY = "America/New_York";

describe("zoned time", () => {
  it("reads the wall clock of a zone", () => {
    expect(wallClock(Date.parse("2025-03-09T06:59:59Z"), NY)).toEqual({
      year: 2025, month: 3, day: 9, hour: 1, minute: 59, second: 59,
    });
    expect(wallClock(Date.parse("2025-03-09T07:00:00Z"), NY).hour).toBe(3); // 02:00 never shows
    expect(wallClock(Date.parse("2025-01-01T00:30:00Z"), "UTC").hour).toBe(0);
  });

  it("knows the offset on both sides of each change", () => {
    expect(offsetAt(Date.parse("2025-03-09T06:59:00Z"), NY)).toBe(-5 * 3600_000);
    expect(offsetAt(Date.parse("2025-03-09T07:00:00Z"), NY)).toBe(-4 * 3600_000);
    expect(offsetAt(Date.parse("2025-11-02T05:59:00Z"), NY)).toBe(-4 * 3600_000);
    expect(offsetAt(Date.parse("2025-11-02T06:00:00Z"), NY)).toBe(-5 * 3600_000);
  });

  it("turns wall times into instants, across daylight-saving changes", () => {
    const day = (d: number, month = 3) => ({ year: 2025, month, day: d });
    expect(at(day(9), 0, 0, NY).toISOString()).toBe("2025-03-09T05:00:00.000Z");
    expect(at(day(9), 8, 0, NY).toISOString()).toBe("2025-03-09T12:00:00.000Z");
    expect(at(day(2, 11), 0, 0, NY).toISOString()).toBe("2025-11-02T04:00:00.000Z");
    expect(at(day(2, 11), 8, 0, NY).toISOString()).toBe("2025-11-02T13:00:00.000Z");
    // 02:30 does not exist on the spring day: the instant after the gap.
    expect(at(day(9), 2, 30, NY).toISOString()).toBe("2025-03-09T07:30:00.000Z");
    // 01:30 happens twice on the autumn day: the first one (still EDT).
    expect(at(day(2, 11), 1, 30, NY).toISOString()).toBe("2025-11-02T05:30:00.000Z");
    expect(instantOf({ ...day(1, 7), hour: 12, minute: 0, second: 0 }, "UTC").toISOString())
      .toBe("2025-07-01T12:00:00.000Z");
  });

  it("does calendar arithmetic on dates, not on 24-hour steps", () => {
    expect(addDays({ year: 2025, month: 3, day: 12 }, -7)).toEqual({ year: 2025, month: 3, day: 5 });
    expect(addDays({ year: 2024, month: 12, day: 31 }, 1)).toEqual({ year: 2025, month: 1, day: 1 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(dateOf(Date.parse("2025-11-03T04:30:00Z"), NY)).toEqual({ year: 2025, month: 11, day: 2 });
    expect(isWeekday({ year: 2025, month: 7, day: 4 })).toBe(true); // Friday
    expect(isWeekday({ year: 2025, month: 7, day: 5 })).toBe(false); // Saturday
  });

  it("parses and prints dates and offsets", () => {
    expect(parseIsoDate("2025-02-28")).toEqual({ year: 2025, month: 2, day: 28 });
    expect(parseIsoDate("2025-02-30")).toBeUndefined();
    expect(parseIsoDate("2025-2-3")).toBeUndefined();
    expect(formatOffset(-5 * 3600_000)).toBe("-05:00");
    expect(formatOffset(5.5 * 3600_000)).toBe("+05:30");
    expect(formatOffset(0)).toBe("+00:00");
  });
});
