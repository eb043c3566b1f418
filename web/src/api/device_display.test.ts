import { describe, expect, it } from "vitest";
import { deviceInitial, typeLabel } from "./device_display";

describe("device display", () => {
  it("names types as the screens do", () => {
    expect(typeLabel("reader")).toBe("Card Reader");
    expect(typeLabel("density")).toBe("Density Sensor");
    expect(typeLabel("lastlock")).toBe("Last Lock Device");
    expect(typeLabel("other")).toBe("other");
  });
  it("takes the name's first letter, upper case, for the avatar", () => {
    expect(deviceInitial(" lobby")).toBe("L");
  });
});
