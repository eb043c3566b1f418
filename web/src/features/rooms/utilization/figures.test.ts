import { describe, expect, it } from "vitest";
import {
  availableSeconds,
  averageDailyUsage,
  formatDailyMinutes,
  formatOccupancy,
  formatPercent,
  monthlyUtilization,
  todaysUtilization,
} from "./figures";
import { fallbackSession, type Session } from "./sessions";

const NY = "America/New_York";
const session = (start: string, end: string, people: 1 | 2 | 3 = 1): Session => ({
  start: new Date(start),
  end: new Date(end),
  people,
  minutes: (Date.parse(end) - Date.parse(start)) / 60_000,
});
const DAY = 12 * 3600; // available seconds of a full weekday

describe("formatting", () => {
  it("shows percentages with one decimal only under 1 %", () => {
    expect([0, -1, 0.5, 0.96, 1, 12.4, 12.5, 150, Number.NaN].map(formatPercent))
      .toEqual(["0", "0", "0.5", "1.0", "1", "12", "13", "150", "0"]);
  });

  it("caps current occupancy at 3+", () => {
    expect([0, 1, 2, 3, 7, null, undefined].map(formatOccupancy)).toEqual(["0", "1", "2", "3+", "3+", "-", "-"]);
  });

  it("shows daily minutes as 'N min' or h:mm from 60 minutes", () => {
    expect([0, 17.2, 59.4, 59.6, 60, 65, 125].map(formatDailyMinutes))
      .toEqual(["0 min", "17 min", "59 min", "1:00", "1:00", "1:05", "2:05"]);
  });
});

describe("Todays Utilization", () => {
  const sessions = [
    session("2025-06-10T13:00:00Z", "2025-06-10T14:00:00Z"), // 09:00-10:00 EDT today
    session("2025-06-10T03:00:00Z", "2025-06-10T05:00:00Z"), // started 23:00 EDT yesterday
  ];

  it("is '0' before 08:00", () => {
    expect(todaysUtilization(sessions, new Date("2025-06-10T11:59:00Z"), NY)).toEqual({ percent: 0, text: "0" });
    expect(todaysUtilization(sessions, new Date("2025-06-10T12:00:00Z"), NY).text).toBe("0");
  });

  it("divides today's session time by the time since 08:00", () => {
    // 12:00 EDT: 4 hours since 08:00, one hour used.
    expect(todaysUtilization(sessions, new Date("2025-06-10T16:00:00Z"), NY)).toEqual({ percent: 25, text: "25" });
  });

  it("shows one decimal under 1 %", () => {
    const short = [session("2025-06-10T13:00:00Z", "2025-06-10T13:02:00Z")];
    expect(todaysUtilization(short, new Date("2025-06-10T16:00:00Z"), NY).text).toBe("0.8");
  });

  it("counts from local midnight and 08:00 on the spring-forward day", () => {
    // 9 March 2025: midnight is 05:00Z (EST), 08:00 is 12:00Z (EDT). At 10:00 EDT, 2 h elapsed.
    const day = [
      session("2025-03-09T05:30:00Z", "2025-03-09T07:30:00Z"), // 00:30 EST to 03:30 EDT: 2 h
      session("2025-03-09T04:30:00Z", "2025-03-09T04:50:00Z"), // 23:30 EST on the 8th
    ];
    expect(todaysUtilization(day, new Date("2025-03-09T14:00:00Z"), NY).text).toBe("100");
  });

  it("counts from 08:00 EST on the fall-back day", () => {
    // 2 November 2025: 08:00 is 13:00Z, not midnight (04:00Z) + 8 h.
    const day = [session("2025-11-02T13:00:00Z", "2025-11-02T13:30:00Z")];
    expect(todaysUtilization(day, new Date("2025-11-02T14:00:00Z"), NY).text).toBe("50");
  });
});

describe("Monthly Utilization (MTD)", () => {
  it("counts weekdays from 1 July 2025 at 12 hours, today partly", () => {
    // Thursday 3 July 2025, 14:00 EDT: Tue 1 and Wed 2 in full, 6 hours today.
    const now = new Date("2025-07-03T18:00:00Z");
    expect(availableSeconds(now, NY)).toBe(2 * DAY + 6 * 3600);
    expect(monthlyUtilization(1_080_000, now, NY)).toEqual({ percent: 1, text: "1" });
    expect(monthlyUtilization(540_000, now, NY).text).toBe("0.5");
    expect(monthlyUtilization(null, now, NY).text).toBe("0");
  });

  it("skips weekends, counts nothing before 08:00 and at most 12 hours today", () => {
    expect(availableSeconds(new Date("2025-07-05T15:00:00Z"), NY)).toBe(4 * DAY); // Saturday
    expect(availableSeconds(new Date("2025-07-07T11:00:00Z"), NY)).toBe(4 * DAY); // Mon 07:00
    expect(availableSeconds(new Date("2025-07-07T23:00:00Z"), NY)).toBe(4 * DAY + 11 * 3600); // 19:00
    expect(availableSeconds(new Date("2025-07-08T01:00:00Z"), NY)).toBe(5 * DAY); // Mon 21:00
  });

  it("is 0 before 1 July 2025", () => {
    expect(availableSeconds(new Date("2025-06-30T20:00:00Z"), NY)).toBe(0);
    expect(monthlyUtilization(5_000, new Date("2025-06-30T20:00:00Z"), NY).text).toBe("0");
  });

  it("counts calendar weekdays across the autumn change", () => {
    // Monday 3 November 2025, 14:00 EST: July 23 + August 21 + September 22 + October 23
    // weekdays in full, and 6 hours today.
    expect(availableSeconds(new Date("2025-11-03T19:00:00Z"), NY)).toBe(89 * DAY + 6 * 3600);
  });

  it("uses the local date: 23:00 on Friday in New York is Saturday in UTC", () => {
    const now = new Date("2025-07-05T03:00:00Z"); // Fri 4 July 23:00 EDT
    expect(availableSeconds(now, NY)).toBe(4 * DAY);
    expect(availableSeconds(now, "UTC")).toBe(4 * DAY); // Saturday 03:00 UTC: four full days
  });
});

describe("Avg Daily Usage", () => {
  const now = new Date("2025-06-30T12:00:00Z");

  it("divides the minutes of the last 30 days by 30", () => {
    const sessions = [
      session("2025-06-29T10:00:00Z", "2025-06-29T15:00:00Z"), // 300 min
      session("2025-05-31T11:00:00Z", "2025-05-31T13:00:00Z"), // starts 30 d + 1 h ago: 60 min inside
    ];
    expect(averageDailyUsage(sessions, now)).toEqual({ minutes: 12, text: "12 min", label: "per day (30d)" });
  });

  it("shows h:mm from an hour a day", () => {
    const long = [session("2025-06-01T00:00:00Z", "2025-06-02T08:30:00Z")]; // 1950 min
    expect(averageDailyUsage(long, now).text).toBe("1:05");
  });

  it("counts the fallback session", () => {
    expect(averageDailyUsage([fallbackSession(now, NY)], now).text).toBe("17 min");
    expect(averageDailyUsage([], now).text).toBe("0 min");
  });
});
