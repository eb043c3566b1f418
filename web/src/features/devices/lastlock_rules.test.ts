import { describe, expect, it } from "vitest";
import { LASTLOCK_MESSAGES, pendingCountLabel } from "./lastlock_rules";

describe("Last Lock tab", () => {
  it("shows the pending count only when there is one", () => {
    expect(pendingCountLabel(3)).toBe("3");
    expect(pendingCountLabel(0)).toBeNull();
    expect(pendingCountLabel(undefined)).toBeNull();
  });
  it("keeps the spec's words", () => {
    expect(LASTLOCK_MESSAGES.approveConfirm).toBe("Are you sure you want to approve this Last Lock device?");
    expect(LASTLOCK_MESSAGES.discovery).toBe("Successfully discovered new Last Lock devices.");
    expect(LASTLOCK_MESSAGES.approved).toBe("Device has been approved and added to the All Devices list.");
  });
});
