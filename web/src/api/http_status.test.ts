import { describe, expect, it } from "vitest";
import { isNotFound, statusOf } from "./http_status";

describe("statusOf", () => {
  it("reads the status of a status-and-body error", () => {
    expect(statusOf(new Error('404: {"error":"User not found"}'))).toBe(404);
    expect(isNotFound(new Error("404: Not Found"))).toBe(true);
    expect(statusOf(new Error("409: x"))).toBe(409);
  });
  it("is null for other failures", () => {
    expect(statusOf(new TypeError("Failed to fetch"))).toBeNull();
    expect(statusOf("404: text")).toBeNull();
    expect(isNotFound(undefined)).toBe(false);
  });
});
