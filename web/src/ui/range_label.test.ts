import { describe, expect, it } from "vitest";
import { allRowsLabel, rangeLabel } from "./range_label";

describe("rangeLabel", () => {
  it("reads first-last of total", () => {
    expect(allRowsLabel(25)).toBe("1-25 of 25");
    expect(rangeLabel(51, 100, 106)).toBe("51-100 of 106");
  });
  it("groups thousands and keeps an approximate total as given", () => {
    expect(allRowsLabel(10_000)).toBe("1-10,000 of 10,000");
    expect(rangeLabel(1, 50, "1,000+")).toBe("1-50 of 1,000+");
  });
  it("says 0 of 0 for nothing", () => {
    expect(allRowsLabel(0)).toBe("0 of 0");
  });
});
