// A controller's own count of wrong PINs while it decides alone (spec 4 §5, as the
// server's pin_failures and pin_lockouts count them), on a fixed clock.
import { assertEquals } from "../testing/assert.ts";
import { PIN_LOCK, WrongPins } from "./offline_decision.ts";

const T = Date.parse("2026-11-27T09:00:00Z");
const S = 1_000;

Deno.test("wrong PINs: the fifth within a minute refuses PINs for a minute", () => {
  const pins = new WrongPins();
  for (let i = 0; i < PIN_LOCK.wrongPins - 1; i++) pins.wrong(T + i * S);
  assertEquals(pins.locked(T + 4 * S), false, "four are not enough");
  pins.wrong(T + 59 * S);
  assertEquals(pins.locked(T + 59 * S), true, "the fifth within 60 s");
  assertEquals(pins.locked(T + 59 * S + PIN_LOCK.forMs - 1), true);
  assertEquals(pins.locked(T + 59 * S + PIN_LOCK.forMs), false, "60 s after the fifth");
});

Deno.test("wrong PINs: five spread over more than a minute lock nothing", () => {
  const pins = new WrongPins();
  for (let i = 0; i < 10; i++) {
    pins.wrong(T + i * 16 * S); // at most four in any 60 s
    assertEquals(pins.locked(T + i * 16 * S), false, `after ${i + 1}`);
  }
});
