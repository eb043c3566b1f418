import { describe, expect, it } from "vitest";
import { auditExportUrl, auditPageUrl, changeLines, filtersFromSearch, historyPath, NO_AUDIT_FILTERS, targetText, verificationText } from "./audit_display";

describe("audit query urls", () => {
  it("sends only what narrows, and the cursor of the page", () => {
    expect(auditPageUrl(NO_AUDIT_FILTERS, null)).toBe("/api/audit");
    expect(auditPageUrl({ ...NO_AUDIT_FILTERS, search: " lobby ", action: "room.update" }, "42"))
      .toBe("/api/audit?search=lobby&action=room.update&cursor=42");
    expect(auditExportUrl({ ...NO_AUDIT_FILTERS, targetType: "room", targetId: "5" }))
      .toBe("/api/audit/export?targetType=room&targetId=5");
  });
  it("a thing's history is the screen filtered to it, and the screen reads it back", () => {
    expect(historyPath("user", 7)).toBe("/dash/audit?targetType=user&targetId=7");
    expect(filtersFromSearch("?targetType=user&targetId=7")).toEqual({ ...NO_AUDIT_FILTERS, targetType: "user", targetId: "7" });
    expect(filtersFromSearch("?targetType=user&targetId=+7").targetId).toBe("");
  });
});

describe("what an event reads as", () => {
  it("each change before → after, names for named things, — for nothing", () => {
    expect(changeLines({ name: ["Lobby", "Main Lobby"], description: [null, "By the door"], member: [null, { id: 3, name: "Ada King" }] }))
      .toEqual([
        { field: "name", before: "Lobby", after: "Main Lobby" },
        { field: "description", before: "—", after: "By the door" },
        { field: "member", before: "—", after: "Ada King" },
      ]);
    expect(changeLines({ isActive: [true, false], capacity: [10, 12] }))
      .toEqual([{ field: "isActive", before: "true", after: "false" }, { field: "capacity", before: "10", after: "12" }]);
  });
  it("the target with its type and id", () => {
    expect(targetText({ type: "room", id: 5, name: "Main Lobby" })).toBe("Main Lobby (room #5)");
    expect(targetText({ type: "integration", id: null, name: "Last Lock" })).toBe("Last Lock (integration)");
    expect(targetText(null)).toBe("—");
  });
  it("the integrity check's words (spec 3 §5)", () => {
    expect(verificationText({ ok: true, count: 1204, lastHash: "ab" })).toBe("Integrity verified: 1,204 events");
    expect(verificationText({ ok: false, brokenAt: 87 })).toBe("Integrity check failed at event #87");
  });
});
