// The breaker alone, with a probe the test controls.
import { assertEquals } from "../testing/assert.ts";
import { Breaker, type BreakerState } from "./breaker.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the condition holds (a loaded machine delays timers), at most 3 s. */
async function until(condition: () => boolean, what: string) {
  const end = performance.now() + 3_000;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`never: ${what}`);
    await sleep(5);
  }
}

function breaker(probe: () => Promise<void>, changes: BreakerState[] = []) {
  return new Breaker({
    failures: 3,
    probeMs: 20,
    probeTimeoutMs: 50,
    probe,
    onChange: (state) => changes.push(state),
  });
}

Deno.test("the breaker opens after N failures in a row; an answer in between resets the count", () => {
  const b = breaker(() => Promise.reject(new Error("down")));
  try {
    b.failure();
    b.failure();
    b.success();
    b.failure();
    b.failure();
    assertEquals(b.state, "closed", "two in a row since the last success");
    b.failure();
    assertEquals(b.state, "open");
  } finally {
    b.stop();
  }
});

Deno.test("an open breaker probes every probeMs and closes at the first probe that succeeds", async () => {
  let up = false;
  let probes = 0;
  const changes: BreakerState[] = [];
  const b = breaker(() => {
    probes++;
    return up ? Promise.resolve() : Promise.reject(new Error("down"));
  }, changes);
  try {
    for (let i = 0; i < 3; i++) b.failure();
    assertEquals(b.state, "open");
    await until(() => probes >= 3, "three probes");
    assertEquals(b.state, "open");
    up = true;
    await until(() => b.state === "closed", "closed after a good probe");
    assertEquals(changes, ["open", "closed"]);
    const after = probes;
    await sleep(60);
    assertEquals(probes, after, "no probing while closed");
    // Closed again, it counts from zero.
    b.failure();
    b.failure();
    assertEquals(b.state, "closed");
  } finally {
    b.stop();
  }
});

Deno.test("a probe that hangs counts as failed, and probing goes on", async () => {
  let hang = true;
  let probes = 0;
  const b = breaker(() => {
    probes++;
    return hang ? new Promise(() => {}) : Promise.resolve();
  });
  try {
    b.open();
    await until(() => probes >= 2, "another probe after a hung one"); // 20 + 50 ms, again
    assertEquals(b.state, "open");
    hang = false;
    await until(() => b.state === "closed", "closed after a good probe");
  } finally {
    b.stop();
  }
});
