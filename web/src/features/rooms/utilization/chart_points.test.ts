import { describe, expect, it } from "vitest";
import { chartPoints } from "./chart_points";

describe("chartPoints", () => {
  it("plots Density's history oldest first, as numbers, skipping unreadable points", () => {
    expect(chartPoints([
      { timestamp: "2026-03-02T10:00:00Z", occupancy_avg: 1.5, occupancy_max: 3 },
      { timestamp: "not a time", occupancy_avg: 1, occupancy_max: 1 },
      { timestamp: "2026-03-02T09:00:00Z", occupancy_avg: 0.25, occupancy_max: 1 },
    ])).toEqual([
      { time: Date.parse("2026-03-02T09:00:00Z"), average: 0.25, peak: 1 },
      { time: Date.parse("2026-03-02T10:00:00Z"), average: 1.5, peak: 3 },
    ]);
  });
  it("is empty without history", () => {
    expect(chartPoints(undefined)).toEqual([]);
    expect(chartPoints([])).toEqual([]);
  });
});
