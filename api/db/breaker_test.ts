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

/** A database the test switches on and off (`up`), counting the probes it answers. */
function database(up: boolean) {
  const db = {
    up,
    probes: 0,
    probe: () => {
      db.probes++;
      return db.up ? Promise.resolve() : Promise.reject(new Error("down"));
    },
  };
  return db;
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
  const db = database(false);
  const changes: BreakerState[] = [];
  const b = breaker(db.probe, changes);
  try {
    for (let i = 0; i < 3; i++) b.failure();
    assertEquals(b.state, "open");
    await until(() => db.probes >= 3, "three probes");
    assertEquals(b.state, "open");
    db.up = true;
    await until(() => b.state === "closed", "closed after a good probe");
    assertEquals(changes, ["open", "closed"]);
    const after = db.probes;
    await sleep(60);
    assertEquals(db.probes, after, "no probing while closed");
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

Deno.test("a statement not answered in time only makes it probe: closed while the probe succeeds, open when it fails", async () => {
  const db = database(true);
  const changes: BreakerState[] = [];
  const b = breaker(db.probe, changes);
  try {
    // A busy process or a slow database: the database answers the probe.
    for (let i = 0; i < 10; i++) b.suspect();
    await until(() => db.probes === 1, "one probe");
    assertEquals(b.state, "closed");
    // The database away: the next suspicion's probe fails, and the breaker opens.
    db.up = false;
    await sleep(25);
    b.suspect();
    await until(() => b.state === "open", "open after a failed probe");
    assertEquals(changes, ["open"]);
    db.up = true;
    await until(() => b.state === "closed", "closed after a good probe");
  } finally {
    b.stop();
  }
});

Deno.test("suspicions probe one at a time, and at most once per probeMs", async () => {
  let probes = 0;
  let answer = () => {};
  const b = new Breaker({
    failures: 3,
    probeMs: 60_000,
    probeTimeoutMs: 60_000,
    probe: () => {
      probes++;
      return new Promise<void>((resolve) => (answer = resolve));
    },
  });
  try {
    for (let i = 0; i < 10; i++) b.suspect();
    assertEquals(probes, 1, "one probe for many suspicions at once");
    answer();
    await sleep(5);
    b.suspect();
    assertEquals(probes, 1, "none again within probeMs of the last");
    assertEquals(b.state, "closed");
  } finally {
    b.stop();
  }
});

Deno.test("a suspicion whose probe hangs opens the breaker at the probe's timeout", async () => {
  const b = breaker(() => new Promise(() => {}));
  try {
    const start = performance.now();
    b.suspect();
    await until(() => b.state === "open", "open once the probe timed out");
    const took = performance.now() - start;
    assertEquals(took >= 45, true, `not before the probe's 50 ms (${took.toFixed(0)} ms)`);
  } finally {
    b.stop();
  }
});
