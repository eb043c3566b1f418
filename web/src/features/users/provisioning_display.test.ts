import { describe, expect, it } from "vitest";
import { lastUsedText, revokeText, scimBaseUrl } from "./provisioning_display";

describe("the Provisioning tab's words", () => {
  it("names the SCIM base URL from the page's origin", () => {
    expect(scimBaseUrl("https://access.example.com")).toBe("https://access.example.com/scim/v2");
    expect(scimBaseUrl("http://localhost:8000/")).toBe("http://localhost:8000/scim/v2");
  });

  it("says Never for a token not used yet, and the time otherwise", () => {
    expect(lastUsedText(null)).toBe("Never");
    expect(lastUsedText("2026-11-27T13:37:50.000Z", "UTC")).toBe("Nov 27, 2026, 1:37:50 PM");
    expect(lastUsedText("2026-11-27T13:37:50+01:00", "UTC")).toBe("Nov 27, 2026, 12:37:50 PM");
  });

  it("names the token in the revoke confirmation", () => {
    expect(revokeText("Okta")).toContain("“Okta”");
  });
});
