// The doors' waits between tries (backoff.ts): full jitter below a doubling,
// capped ceiling; a server's Retry-After as a floor with up to as long again.
import { assert, assertEquals } from "../api/testing/assert.ts";
import { Backoff, RETRY_AFTER_LIMIT_MS, retryAfterMs } from "./backoff.ts";

/** Waits for `count` failed tries in a row. */
const waits = (backoff: Backoff, count: number, retryAfter?: string | null) =>
  Array.from({ length: count }, () => backoff.next(retryAfter));

Deno.test("backoff: the ceiling doubles with each failed try, up to the cap", () => {
  // random() just below 1: each wait is its ceiling, less a millisecond.
  const backoff = new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0.99999 });
  assertEquals(waits(backoff, 7), [99, 199, 399, 799, 999, 999, 999]);
  assertEquals(backoff.attempt, 7);
});

Deno.test("backoff: defaults are 1 s, at most 30 s", () => {
  const backoff = new Backoff({ random: () => 0.99999 });
  assertEquals(waits(backoff, 7), [999, 1_999, 3_999, 7_999, 15_999, 29_999, 29_999]);
});

Deno.test("backoff: full jitter, anything from 0 up to the ceiling", () => {
  assertEquals(waits(new Backoff({ baseMs: 100, random: () => 0 }), 4), [0, 0, 0, 0]);
  assertEquals(waits(new Backoff({ baseMs: 100, random: () => 0.5 }), 4), [50, 100, 200, 400]);
  // With Math.random: always within [0, ceiling).
  for (let i = 0; i < 200; i++) {
    const backoff = new Backoff({ baseMs: 100, capMs: 800 });
    for (const [attempt, wait] of waits(backoff, 6).entries()) {
      const ceiling = Math.min(800, 100 * 2 ** attempt);
      assert(wait >= 0 && wait < ceiling && Number.isInteger(wait), `try ${attempt}: ${wait} ms`);
    }
  }
});

Deno.test("backoff: no overflow after very many tries", () => {
  const backoff = new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0.5 });
  assertEquals(waits(backoff, 2_000).at(-1), 500);
});

Deno.test("backoff: reset after a success starts again from the first try's ceiling", () => {
  const backoff = new Backoff({ baseMs: 100, random: () => 0.5 });
  waits(backoff, 5);
  backoff.reset();
  assertEquals(backoff.attempt, 0);
  assertEquals(waits(backoff, 2), [50, 100]);
});

Deno.test("backoff: Retry-After in seconds is a floor, with up to as long again on top", () => {
  assertEquals(new Backoff({ baseMs: 100, random: () => 0 }).next("2"), 2_000);
  assertEquals(new Backoff({ baseMs: 100, random: () => 0.5 }).next("2"), 3_000);
  assertEquals(new Backoff({ baseMs: 100, random: () => 0.99999 }).next(" 2 "), 3_999);
  // Above the cap too: the server knows best when it will be back.
  assertEquals(new Backoff({ baseMs: 100, capMs: 1_000, random: () => 0 }).next("120"), 120_000);
  // It counts as a failed try: the next wait without one is the second's.
  const backoff = new Backoff({ baseMs: 100, random: () => 0.5 });
  assertEquals([backoff.next("1"), backoff.next(), backoff.next(null)], [1_500, 100, 200]);
});

Deno.test("backoff: Retry-After as an HTTP date, in each of its three forms", () => {
  const now = () => Date.parse("2015-10-21T07:27:30Z");
  const backoff = () => new Backoff({ random: () => 0, now });
  assertEquals(backoff().next("Wed, 21 Oct 2015 07:28:00 GMT"), 30_000);
  assertEquals(backoff().next("Wednesday, 21-Oct-15 07:28:00 GMT"), 30_000);
  assertEquals(backoff().next("Wed Oct 21 07:28:00 2015"), 30_000);
  assertEquals(new Backoff({ random: () => 0.5, now }).next("Wed, 21 Oct 2015 07:28:00 GMT"), 45_000);
  // Already past: as if there were none.
  assertEquals(new Backoff({ baseMs: 100, random: () => 0.5, now }).next("Wed, 21 Oct 2015 07:27:00 GMT"), 50);
});

Deno.test("backoff: an invalid Retry-After is ignored", () => {
  for (const garbage of ["soon", "later 2030", "-5", "1.5", "1e3", "0", "", "   ", "Wed, 32 Foo 2015 99:99:99 GMT"]) {
    const backoff = new Backoff({ baseMs: 100, random: () => 0.5 });
    assertEquals([backoff.next(garbage), backoff.next(garbage)], [50, 100], JSON.stringify(garbage));
  }
});

Deno.test("backoff: a Retry-After is honoured up to 10 minutes", () => {
  assertEquals(retryAfterMs("86400", 0), RETRY_AFTER_LIMIT_MS);
  assertEquals(retryAfterMs("Fri, 01 Jan 2100 00:00:00 GMT", Date.parse("2000-01-01T00:00:00Z")), RETRY_AFTER_LIMIT_MS);
  assertEquals(new Backoff({ random: () => 0.5 }).next("999999999999"), 1.5 * RETRY_AFTER_LIMIT_MS);
  assertEquals([retryAfterMs(null, 0), retryAfterMs(undefined, 0), retryAfterMs("3", 0)], [null, null, 3_000]);
});
