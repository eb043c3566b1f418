// Decisions at a steady rate, sent by a process of their own, as bench/alarms.ts and
// bench/notifications.ts need while something else runs: at most 64 in flight, like a
// fleet of controllers each on its connection, as bench/access.ts sends them. From
// the benchmark's own process, busy with streams, uploads and services, its own waits
// were most of what it timed (p99 160–290 ms where the server answered in a few).
// Each run warms up with a second of decisions first, not counted.
//
// Run as a child: deno run -A bench/decision_load.ts <load.json>
import { inFlight, sleep } from "./figures.ts";

export type DecisionLoad = {
  bases: string[];
  keys: string[];
  seconds: number;
  perSecond: number;
  /** Badges are card-1 … card-<users> (api/testing/door_fleet.ts). */
  users: number;
};
/** at: when it was due, in ms from the load's start; ms: its time from then to its answer. */
export type DecisionResult = { status: number; at: number; ms: number };

const IN_FLIGHT = 64;

/** Runs the load in a process of its own: each decision's status and its time from when it was due. */
export async function decisionsInChild(load: DecisionLoad): Promise<DecisionResult[]> {
  const file = `${await Deno.makeTempDir()}/decisions.json`;
  await Deno.writeTextFile(file, JSON.stringify(load));
  const { stdout } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, file],
    stderr: "inherit",
  }).output();
  await Deno.remove(file);
  return JSON.parse(new TextDecoder().decode(stdout));
}

/** Open loop at `perSecond`, through each base in turn. */
async function send({ bases, keys, seconds, perSecond, users }: DecisionLoad): Promise<DecisionResult[]> {
  const results: DecisionResult[] = [];
  const run = inFlight(IN_FLIGHT);
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let n = 0; n < perSecond * seconds; n++) {
    const due = start + (n * 1_000) / perSecond;
    await sleep(due - performance.now());
    pending.push(run(async () => {
      try {
        const res = await fetch(`${bases[n % bases.length]}/api/access/decisions`, {
          method: "POST",
          headers: { authorization: `Bearer ${keys[n % keys.length]}`, "content-type": "application/json" },
          body: JSON.stringify({ credential: { type: "HID Prox", facilityCode: "117", cardCode: `card-${1 + (n * 7919) % users}` } }),
        });
        await res.text();
        results.push({ status: res.status, at: due - start, ms: performance.now() - due });
      } catch {
        results.push({ status: 0, at: due - start, ms: performance.now() - due });
      }
    }));
  }
  await Promise.all(pending);
  return results;
}

if (import.meta.main) {
  const load: DecisionLoad = JSON.parse(await Deno.readTextFile(Deno.args[0]));
  await send({ ...load, seconds: 1 }); // warm: connections, JIT
  console.log(JSON.stringify(await send(load)));
}
