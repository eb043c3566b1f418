import { describe, expect, it } from "vitest";
import { MTD_METRICS_START, utilizationQueries } from "./queries";

describe("utilization query windows", () => {
  it("sends local days with their own offsets, across a daylight-saving change", () => {
    // 12 March 2025, 10:00 EDT; thirty days earlier New York was on EST.
    const q = utilizationQueries(new Date("2025-03-12T14:00:00Z"), "America/New_York");
    expect(q.todayMetrics).toEqual({ start_time: "2025-03-12T04:00:00.000Z" });
    expect(q.monthMetrics).toEqual({ start_time: MTD_METRICS_START });
    expect(Date.parse(MTD_METRICS_START)).toBe(Date.parse("2025-07-01T05:00:00Z"));
    expect(q.history).toEqual({ start_time: "2025-02-10T14:00:00.000Z", end_time: "2025-03-12T14:00:00.000Z" });
    expect(q.sessions).toEqual({
      start_date: "2025-02-10T00:00:00-05:00",
      end_date: "2025-03-12T23:59:59-04:00",
    });
  });

  it("works in UTC", () => {
    const q = utilizationQueries(new Date("2025-07-01T00:30:00Z"), "UTC");
    expect(q.sessions).toEqual({ start_date: "2025-06-01T00:00:00+00:00", end_date: "2025-07-01T23:59:59+00:00" });
    expect(q.todayMetrics.start_time).toBe("2025-07-01T00:00:00.000Z");
  });
});
