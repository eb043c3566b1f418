// The doors' live channel at building scale (spec 3 §3, issue 16): 500 devices,
// each with an open event stream to the real API (its own process, as deployed),
// 10,000 users with badges in 50 groups over 100 rooms, in a throwaway database on
// the PostgreSQL server named by DATABASE_URL. Measures the time from
// POST /api/lockdowns (and its end) answering to `list-changed` arriving on every
// stream, and the API process's memory with the streams open.
// Budget: p99 < 1 s.
//
//   npx deno run -A bench/door_streams.ts     (DEVICES=, USERS=, ROUNDS= change the size)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin, benchAdminCookie } from "./bench_admin.ts";
import { startApi } from "../api/testing/api_process.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { env, percentile } from "./figures.ts";

const DEVICES = env("DEVICES", 500);
const USERS = env("USERS", 10_000);
const ROOMS = 100;
const ROUNDS = env("ROUNDS", 10);
const BUDGET_P99_MS = 1_000;

const rssMb = async (pid: number) => {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

const db = await throwawayDatabase();
const sql = db.sql;
try {
  const keys = await seedDoorFleet(sql, { users: USERS, rooms: ROOMS, devices: DEVICES });
  await addBenchAdmin(sql);
  await sql`checkpoint`;
  console.log(`${USERS} users, ${ROOMS} rooms, ${DEVICES} devices with keys; load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);

  const api = await startApi({ DATABASE_URL: db.url, DEMO: "false" });
  try {
    const base = api.base;
    const cookie = await benchAdminCookie(base);
    const admin = async (path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return await res.json();
    };
    const before = await rssMb(api.process.pid);

    // Every stream, each waiting for its first list-changed (the list it does not have yet).
    let heard: (index: number) => void = () => {};
    const opened: Promise<void>[] = [];
    const streams: AbortController[] = [];
    const openedAt = performance.now();
    for (const [index, key] of keys.entries()) {
      const abort = new AbortController();
      streams.push(abort);
      let first!: () => void;
      opened.push(new Promise((resolve) => (first = resolve)));
      (async () => {
        const res = await fetch(`${base}/api/access/devices/self/stream`, {
          headers: { authorization: `Bearer ${key}` },
          signal: abort.signal,
        });
        let buffer = "";
        let count = 0;
        for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            if (buffer.slice(0, end).includes("event: list-changed")) {
              if (count++ === 0) first();
              else heard(index);
            }
            buffer = buffer.slice(end + 2);
          }
        }
      })().catch(() => {});
    }
    let count = 0;
    for (const o of opened) o.then(() => count++);
    const slow = setTimeout(() => console.log(`after 60 s only ${count} of ${DEVICES} streams heard their list`), 60_000);
    await Promise.all(opened);
    clearTimeout(slow);
    const openMs = performance.now() - openedAt;
    const open = await rssMb(api.process.pid);
    console.log(`${DEVICES} streams open in ${openMs.toFixed(0)} ms; API process memory ${before.toFixed(1)} MB before, ${open.toFixed(1)} MB with them open (${((open - before) * 1024 / DEVICES).toFixed(1)} KB a stream)`);

    // Rounds: a lockdown of all rooms, then its end; each must reach every stream.
    const times: number[] = [];
    let lockdown: { id: number } | undefined;
    for (let round = 0; round < ROUNDS * 2; round++) {
      const arrived = new Map<number, number>();
      let all!: () => void;
      const done = new Promise<void>((resolve) => (all = resolve));
      heard = (index) => {
        if (!arrived.has(index)) arrived.set(index, performance.now());
        if (arrived.size === DEVICES) all();
      };
      const sent = performance.now();
      if (round % 2 === 0) lockdown = await admin("/api/lockdowns", { scope: "all", reason: `Bench ${round}` });
      else await admin(`/api/lockdowns/${lockdown!.id}/end`);
      const answered = performance.now();
      const late = setTimeout(() => all(), 30_000);
      await done;
      clearTimeout(late);
      if (arrived.size < DEVICES) throw new Error(`round ${round}: only ${arrived.size} of ${DEVICES} streams heard it`);
      for (const at of arrived.values()) times.push(at - answered);
      const sorted = [...arrived.values()].map((at) => at - answered).sort((a, b) => a - b);
      console.log(`  ${round % 2 === 0 ? "start" : "end  "}: answered in ${(answered - sent).toFixed(0)} ms; every stream heard it within ${sorted.at(-1)!.toFixed(0)} ms (p50 ${percentile(sorted, 50).toFixed(0)})`);
    }
    const sorted = times.sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(
      `list-changed after the call answered, ${sorted.length} arrivals: p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
        `p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (budget p99 < ${BUDGET_P99_MS} ms): ${p99 < BUDGET_P99_MS ? "ok" : "FAIL"}`,
    );
    console.log(`API process memory at the end: ${(await rssMb(api.process.pid)).toFixed(1)} MB`);
    for (const abort of streams) abort.abort();
  } finally {
    await api.stop("SIGKILL");
  }
} finally {
  await db.close();
}
