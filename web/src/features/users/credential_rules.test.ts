import { describe, expect, it } from "vitest";
import { credentialFormReady, isSystemManaged } from "./credential_rules";
import { credentialPayload } from "./changes";

describe("credential rules", () => {
  it("treats the -1 row as system managed", () => {
    expect(isSystemManaged({ id: -1, systemManaged: false })).toBe(true);
    expect(isSystemManaged({ id: 4, systemManaged: true })).toBe(true);
    expect(isSystemManaged({ id: 4, systemManaged: false })).toBe(false);
  });
  it("needs a type, not the codes", () => {
    expect(credentialFormReady({ type: "" })).toBe(false);
    expect(credentialFormReady({ type: "Mifare" })).toBe(true);
  });
  it("trims the codes", () => {
    expect(credentialPayload({ type: "EM41", facilityCode: " 12 ", cardCode: " 3456 " }))
      .toEqual({ type: "EM41", facilityCode: "12", cardCode: "3456" });
  });
});
