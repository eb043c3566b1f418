// Bounded concurrency for one kind of request (admission.ts).
import { assert, assertEquals, assertRejects } from "../testing/assert.ts";
import { Admission } from "./admission.ts";
import { ApiError } from "./errors.ts";

const busy = (e: unknown) =>
  e instanceof ApiError && e.status === 503 && e.headers["Retry-After"] === "2" &&
  e.message === "The server is busy. Please try again shortly.";

/** Work that ends when told to. */
function held() {
  let end = () => {};
  const done = new Promise<void>((resolve) => (end = resolve));
  return { done, end };
}

Deno.test("at most atOnce run; the next waits its turn, first come first served", async () => {
  const admission = new Admission({ atOnce: 2, waiting: 5, maxWaitMs: 5_000, retryAfterSeconds: 2 });
  const order: number[] = [];
  const works = Array.from({ length: 4 }, () => held());
  const runs = works.map((w, i) => admission.run(undefined, async () => (order.push(i), await w.done)));
  await Promise.resolve();
  assertEquals(order, [0, 1]);
  assertEquals(admission.load, { running: 2, waiting: 2 });
  works[1].end();
  await runs[1];
  assertEquals(order, [0, 1, 2]);
  works[0].end();
  works[2].end();
  works[3].end();
  await Promise.all(runs);
  assertEquals(order, [0, 1, 2, 3]);
  assertEquals(admission.load, { running: 0, waiting: 0 });
});

Deno.test("a full line refuses at once with 503 and Retry-After; a failed work frees its turn", async () => {
  const admission = new Admission({ atOnce: 1, waiting: 1, maxWaitMs: 5_000, retryAfterSeconds: 2 });
  const work = held();
  const first = admission.run(undefined, () => work.done);
  const second = admission.run(undefined, () => Promise.reject(new Error("failed")));
  const start = performance.now();
  await assertRejects(() => admission.run(undefined, () => Promise.resolve()), busy);
  assert(performance.now() - start < 50, "refused without waiting");
  work.end();
  await first;
  await assertRejects(() => second, (e: Error) => e.message === "failed");
  assertEquals(await admission.run(undefined, () => Promise.resolve("ran")), "ran");
});

Deno.test("a turn not come within maxWaitMs is refused; a caller who gives up leaves the line", async () => {
  const admission = new Admission({ atOnce: 1, waiting: 5, maxWaitMs: 100, retryAfterSeconds: 2 });
  const work = held();
  const first = admission.run(undefined, () => work.done);
  let ran = false;
  await assertRejects(() => admission.run(undefined, () => Promise.resolve(void (ran = true))), busy);
  const gaveUp = new AbortController();
  const leaving = admission.run(gaveUp.signal, () => Promise.resolve(void (ran = true)));
  gaveUp.abort();
  await assertRejects(() => leaving, busy);
  assertEquals(admission.load, { running: 1, waiting: 0 });
  work.end();
  await first;
  assertEquals(ran, false, "neither ran");
});
