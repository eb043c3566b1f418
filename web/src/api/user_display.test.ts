import { describe, expect, it } from "vitest";
import { displayName, initials, userLabel } from "./user_display";

describe("initials", () => {
  it("takes the upper-case first letters of first and last name", () => {
    expect(initials({ firstName: "ada", lastName: "lovelace" })).toBe("AL");
  });
  it("uses whichever name exists", () => {
    expect(initials({ firstName: "Grace", lastName: "" })).toBe("G");
    expect(initials({ firstName: null, lastName: "hopper" })).toBe("H");
  });
  it("falls back to U", () => {
    expect(initials(null)).toBe("U");
    expect(initials(undefined)).toBe("U");
    expect(initials({ firstName: "", lastName: "  " })).toBe("U");
  });
});

describe("displayName", () => {
  it("joins first and last name", () => {
    expect(displayName({ firstName: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
  });
  it("uses whichever name exists", () => {
    expect(displayName({ firstName: "Ada", lastName: "" })).toBe("Ada");
    expect(displayName({ lastName: "Lovelace" })).toBe("Lovelace");
  });
  it("falls back to User", () => {
    expect(displayName(null)).toBe("User");
    expect(displayName({ firstName: " ", lastName: null })).toBe("User");
  });
});

describe("userLabel", () => {
  it("shows the name, or the e-mail without one", () => {
    expect(userLabel({ firstName: "Ada", lastName: "Lovelace", email: "ada@engine.test" })).toBe("Ada Lovelace");
    expect(userLabel({ firstName: "", lastName: "", email: "Grace@Navy.test" })).toBe("Grace@Navy.test");
    expect(userLabel({ firstName: "Cher", lastName: null, email: "c@x.test" })).toBe("Cher");
  });
});
