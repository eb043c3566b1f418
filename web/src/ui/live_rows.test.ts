import { describe, expect, it } from "vitest";
import { newEventsText, rowsAbove } from "./live_rows";

const page = (ids: number[], nextCursor: string | null = null) => ({ items: ids.map((id) => ({ id })), nextCursor });

describe("rowsAbove", () => {
  it("counts the first page's rows above the row shown at the top", () => {
    expect(rowsAbove(page([9, 8, 7, 5]), 7)).toEqual({ count: 2, more: false });
    expect(rowsAbove(page([7, 5]), 7)).toEqual({ count: 0, more: false });
  });
  it("counts every row when the top row is no longer on the first page, with more beyond it", () => {
    expect(rowsAbove(page([12, 11, 10], "next"), 7)).toEqual({ count: 3, more: true });
    expect(rowsAbove(page([12, 11]), 7)).toEqual({ count: 2, more: false });
  });
  it("counts every row of a page that showed none", () => {
    expect(rowsAbove(page([3, 2]), undefined)).toEqual({ count: 2, more: false });
  });
});

describe("newEventsText", () => {
  it("says N new events, one in the singular, N+ beyond a page", () => {
    expect(newEventsText({ count: 1, more: false })).toBe("1 new event");
    expect(newEventsText({ count: 2, more: false })).toBe("2 new events");
    expect(newEventsText({ count: 50, more: true })).toBe("50+ new events");
  });
});
