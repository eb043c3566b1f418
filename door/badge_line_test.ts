// The controller's input lines: badges, and a guest's PIN at a keypad or pass at a QR
// reader (spec 4 §5), checked by the server's own schema.
import { assertEquals, assertMatch } from "../api/testing/assert.ts";
import { parseBadge } from "./badge_line.ts";

Deno.test("a keypad's PIN and a QR reader's pass", () => {
  assertEquals(parseBadge("PIN 123456"), { type: "PIN", code: "123456" });
  assertEquals(parseBadge("  PIN   042042 "), { type: "PIN", code: "042042" });
  assertEquals(parseBadge("PASS Zm9vYmFyYmF6"), { type: "Visitor Pass", code: "Zm9vYmFyYmF6" });
  // The QR code as the pass page shows it.
  assertEquals(parseBadge("PASS THRESHOLD-PASS:Zm9vYmFyYmF6"), { type: "Visitor Pass", code: "Zm9vYmFyYmF6" });
});

Deno.test("a guest's line that names no code, or more than one", () => {
  assertMatch(parseBadge("PIN") as string, /^Unknown badge "PIN"/);
  assertMatch(parseBadge("PIN 12 34") as string, /^Unknown badge "PIN 12 34"/);
  assertMatch(parseBadge("PASS THRESHOLD-PASS:") as string, /^Unknown PASS "PASS THRESHOLD-PASS:": PASS <code>/);
  assertMatch(parseBadge(`PIN ${"1".repeat(129)}`) as string, /^Unknown PIN .*: PIN <digits>/);
});

Deno.test("badges read as before", () => {
  assertEquals(parseBadge("HID Prox 12 4567"), { type: "HID Prox", facilityCode: "12", cardCode: "4567" });
  assertEquals(parseBadge("EM41 0A1B2C3D"), { type: "EM41", facilityCode: null, cardCode: "0A1B2C3D" });
  assertEquals(parseBadge("passkey abc"), { type: "passkey", credentialId: "abc" });
});
