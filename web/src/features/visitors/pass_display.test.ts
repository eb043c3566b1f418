import { expect, it } from "vitest";
import { passStatusLine } from "./pass_display";

it("says from when an upcoming pass works (15 minutes before the start, in the visitor's zone), and that a spent one does not", () => {
  expect(passStatusLine("upcoming", "2026-11-27T13:00:00Z", "Europe/Berlin")).toBe("Your pass works from Fri, 27 Nov 2026, 13:45.");
  expect(passStatusLine("upcoming", "2026-11-27T13:00:00Z", "America/Los_Angeles")).toBe("Your pass works from Fri, 27 Nov 2026, 04:45.");
  expect(passStatusLine("active", "2026-11-27T13:00:00Z", "UTC")).toBeNull();
  expect(passStatusLine("ended", "2026-11-27T13:00:00Z", "UTC")).toBe("This pass is not valid right now");
  expect(passStatusLine("revoked", "2026-11-27T13:00:00Z", "UTC")).toBe("This pass is not valid right now");
});
