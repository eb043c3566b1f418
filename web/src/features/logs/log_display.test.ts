import { describe, expect, it } from "vitest";
import {
  csvExportUrl,
  csvFileName,
  filterParams,
  type LogPage,
  logPageUrl,
  NO_FILTERS,
  outcomeDisplay,
  pagerLabel,
} from "./log_display";

describe("outcomeDisplay", () => {
  it("shows success green and denied red, anything else raw", () => {
    expect(outcomeDisplay("success")).toEqual({ label: "Authorized Access", color: "success" });
    expect(outcomeDisplay("denied")).toEqual({ label: "Access Denied", color: "danger" });
    expect(outcomeDisplay("timeout")).toEqual({ label: "timeout", color: "neutral" });
  });
});


describe("query strings", () => {
  it("sends only the filters that narrow", () => {
    expect(filterParams(NO_FILTERS).toString()).toBe("");
    const params = filterParams({ ...NO_FILTERS, search: "  lobby ", event: "Unlock", outcome: "denied" });
    expect(Object.fromEntries(params)).toEqual({ search: "lobby", event: "Unlock", outcome: "denied" });
  });
  it("builds the page URL with limit and cursor", () => {
    expect(logPageUrl("/api/users/2/logs", NO_FILTERS, null)).toBe("/api/users/2/logs?limit=50");
    expect(logPageUrl("/api/logs", { ...NO_FILTERS, search: "a b" }, "MTc5.Mz", 25))
      .toBe("/api/logs?search=a+b&limit=25&cursor=MTc5.Mz");
  });
  it("exports the same filters without paging", () => {
    expect(csvExportUrl("/api/users/2/logs", NO_FILTERS)).toBe("/api/users/2/logs/export.csv");
    expect(csvExportUrl("/api/rooms/7/logs", { ...NO_FILTERS, outcome: "success" }))
      .toBe("/api/rooms/7/logs/export.csv?outcome=success");
  });
});

describe("csvFileName", () => {
  it("names the download like the server", () => {
    expect(csvFileName("/api/users/2/logs")).toBe("user-2-access-logs.csv");
    expect(csvFileName("/api/rooms/17/logs")).toBe("room-17-access-logs.csv");
    expect(csvFileName("/api/devices/3/logs")).toBe("device-3-access-logs.csv");
    expect(csvFileName("/api/groups/4/logs")).toBe("group-4-access-logs.csv");
    expect(csvFileName("/api/logs")).toBe("access-logs.csv");
  });
});

describe("pagerLabel", () => {
  const page = (n: number, rest: Partial<LogPage>): LogPage => ({
    items: Array.from({ length: n }, () => ({}) as LogPage["items"][number]),
    nextCursor: null,
    total: n,
    totalExact: true,
    ...rest,
  });
  it("counts exactly", () => {
    expect(pagerLabel(0, 50, page(50, { total: 111, nextCursor: "x" }))).toBe("1-50 of 111");
    expect(pagerLabel(2, 50, page(11, { total: 111 }))).toBe("101-111 of 111");
  });
  it("says 1,000+ past the cap, and at least what it has seen without a count", () => {
    expect(pagerLabel(1, 50, page(50, { total: 1000, totalExact: false, nextCursor: "x" }))).toBe("51-100 of 1,000+");
    expect(pagerLabel(1, 50, page(50, { total: null, totalExact: false, nextCursor: "x" }))).toBe("51-100 of 100+");
    expect(pagerLabel(1, 50, page(20, { total: null, totalExact: false }))).toBe("51-70 of 70");
  });
  it("reads 0 of 0 when empty", () => {
    expect(pagerLabel(0, 50, page(0, { total: 0 }))).toBe("0 of 0");
    expect(pagerLabel(0, 50, undefined)).toBe("0 of 0");
  });
});
