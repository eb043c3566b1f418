// A reconnect storm (issue 32): two real API processes on a throwaway database on the
// PostgreSQL server named by DATABASE_URL, 10,000 users over 100 rooms and 500 doors,
// each a reference controller (door/controller.ts) with an open event stream, run in
// a process of their own (`--fleet`: doors are other machines, their CPU is not the
// servers'), half of them on each API process. Both processes are killed and started
// again, twice:
//   1. a plain restart: the time until every door is connected again and holds the
//      current list (p50, p99, max, from the moment the first process listens again);
//   2. a restart under load: while the doors come back, ten lockdown starts and ends
//      spread over the storm (budget: each answered 2xx within 1 s) and access
//      decisions at 100/s through both processes (budget: p99 < 100 ms, none 503);
//      then every door must hold the list that results.
// Over the whole run, how often each process's breaker opened (budget: never, the
// database being up all along), and how many list fetches were refused as busy.
// A door "holds the current list" when the ETag of its last list is the server's
// (worked out here with api/access/access_list.ts on the same database).
//
//   npx deno run -A bench/reconnect_storm.ts     (DEVICES=, USERS= change the size)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin, benchAdminCookie } from "./bench_admin.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { type ApiProcess, freePort, startApi } from "../api/testing/api_process.ts";
import { DoorController } from "../door/controller.ts";
import { memoryStore } from "../door/state_file.ts";
import { accessLists } from "../api/access/access_list.ts";
import { RoomParts } from "../api/access/room_parts.ts";
import { atApiPriority, eachLine, env, percentile, sleep, summary } from "./figures.ts";

const DEVICES = env("DEVICES", 500);
const USERS = env("USERS", 10_000);
const ROOMS = 100;
const LOCKDOWN_ACTIONS = 10;
/** Lockdown actions one this far apart, from the moment both processes listen again. */
const ACTION_EVERY_MS = 500;
const DECISIONS_PER_SECOND = 100;
const DECISION_SECONDS = 8;
const LOCKDOWN_BUDGET_MS = 1_000;
const DECISION_P99_BUDGET_MS = 100;
/** The longest a round may take for every door to be back. */
const ROUND_LIMIT_MS = 120_000;
const BREAKER_OPENED = "database not available: answering 503";

/** The list's ETag without its encoding's suffix. */
const plainTag = (tag: string) => tag.replace(/-gzip"$/, '"');

if (Deno.args[0] === "--fleet") await fleet(Deno.args[1]);
else await bench();

/**
 * The doors: one reference controller each, in memory; one line on stdout per event
 * that matters here: `<epoch ms> <door> connected` and `<epoch ms> <door> list <etag>`.
 */
async function fleet(configPath: string) {
  const { urls, keys } = JSON.parse(await Deno.readTextFile(configPath)) as { urls: string[]; keys: string[] };
  const out = (line: string) => console.log(`${Date.now()} ${line}`);
  const doors = keys.map((key, i) =>
    new DoorController({
      url: urls[i % urls.length],
      key,
      store: memoryStore(),
      print: (line) => {
        if (line === "stream connected") out(`${i} connected`);
        const list = /^list ("[^"]+")/.exec(line);
        if (list) out(`${i} list ${plainTag(list[1])}`);
      },
    })
  );
  // All at once, as a fleet powered up together (or a server's first start) does.
  await Promise.all(doors.map((door) => door.start()));
  Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
}

type Door = { connectedAt: number; tag: string | null; taggedAt: number };

async function bench() {
  // The bench stands for the admins and the decisions' doors: at the API processes'
  // priority (startApi), so its own waits for the CPU do not count against what it times.
  await atApiPriority();
  const db = await throwawayDatabase();
  const work = await Deno.makeTempDir({ prefix: "threshold-storm-" });
  const apis: (ApiProcess | undefined)[] = [];
  let fleetProcess: Deno.ChildProcess | undefined;
  try {
    const keys = await seedDoorFleet(db.sql, { users: USERS, rooms: ROOMS, devices: DEVICES });
    await addBenchAdmin(db.sql);
    await db.sql`checkpoint`;
    const devices = (await db.sql<{ id: number }[]>`select id from devices order by id`).map((d) => d.id);
    console.log(`${USERS} users, ${DEVICES} doors; load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
    const ports = [freePort(), freePort()];
    const apiEnv = (port: number) => ({ DATABASE_URL: db.url, DEMO: "false", PORT: String(port), LOG_LEVEL: "warn" });
    let breakerOpenings = 0;
    let busyWarnings = 0;
    const tally = (api: ApiProcess | undefined) => {
      const log = api?.stderr() ?? "";
      breakerOpenings += log.split(BREAKER_OPENED).length - 1;
      busyWarnings += log.split("could not look at the access lists").length - 1;
    };
    /** Starts both; when the first of them listened (doors come back from then on). */
    const startBoth = async () => {
      const listening: number[] = [];
      const started = await Promise.all(
        ports.map((port) => startApi(apiEnv(port)).then((api) => (listening.push(performance.now()), api))),
      );
      apis.splice(0, apis.length, ...started);
      return Math.min(...listening);
    };
    /** Kills both; when they were gone (a door connected since is connected to the new ones). */
    const killBoth = async () => {
      await Promise.all(apis.map((api) => api?.stop("SIGKILL")));
      apis.forEach(tally);
      return performance.now();
    };
    await startBoth();
    const bases = apis.map((api) => api!.base);

    // The admin's session (kept in the database: it works on either process, and after restarts).
    const cookie = await benchAdminCookie(bases[0]);

    // The doors, and what each last said.
    const doors: Door[] = keys.map(() => ({ connectedAt: -Infinity, tag: null, taggedAt: -Infinity }));
    await Deno.writeTextFile(`${work}/fleet.json`, JSON.stringify({ urls: bases, keys }));
    const first = performance.now();
    fleetProcess = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL(import.meta.url).pathname, "--fleet", `${work}/fleet.json`],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    eachLine(fleetProcess.stdout, (line) => {
      const [at, door, what, tag] = line.split(" ");
      // Epoch ms from the other process, onto this one's clock.
      const when = Number(at) - Date.now() + performance.now();
      const d = doors[Number(door)];
      if (what === "connected") d.connectedAt = when;
      else if (what === "list") Object.assign(d, { tag, taggedAt: when });
    }).catch(() => {});

    /** Each door's current tag, as the server works it out now. */
    const currentTags = async () => {
      const lists = await accessLists(db.sql, devices, new RoomParts());
      return devices.map((id) => lists.get(id)!.tag);
    };
    /** Waits until every door is connected since `since` and holds the current list; each door's time from `from` (at least 0). */
    const everyDoorBack = async (since: number, from: number) => {
      const tags = await currentTags();
      const limit = performance.now() + ROUND_LIMIT_MS;
      while (doors.some((d, i) => d.connectedAt < since || d.tag !== tags[i])) {
        if (performance.now() > limit) {
          const missing = doors.filter((d, i) => d.connectedAt < since || d.tag !== tags[i]).length;
          throw new Error(`${missing} of ${DEVICES} doors not back within ${ROUND_LIMIT_MS / 1000} s`);
        }
        await sleep(20);
      }
      return doors.map((d) => Math.max(0, d.connectedAt - from, d.taggedAt - from));
    };

    // 0. The first start: every door at once, none jittered (from the fleet's process starting).
    const atFirst = await everyDoorBack(first, first);
    console.log(`first start, ${DEVICES} doors at once: every door connected and holding its list: ${summary(atFirst)}`);

    // 1. A plain restart.
    const killed = await killBoth();
    const restarted = await startBoth();
    const back = await everyDoorBack(killed, restarted);
    console.log(`restart: every door connected again and holding the current list: ${summary(back)}`);

    // 2. A restart under load.
    const killedAgain = await killBoth();
    await startBoth();
    // The load starts once both listen: what is due is timed from then.
    const origin = performance.now();
    const admin = async (path: string, i: number, body?: unknown) => {
      const base = bases[i % bases.length];
      const sent = performance.now();
      const res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { cookie, origin: base, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      return { status: res.status, ms: performance.now() - sent, json };
    };
    const lockdowns = (async () => {
      const answers: { what: string; status: number; ms: number }[] = [];
      let id = 0;
      for (let i = 0; i < LOCKDOWN_ACTIONS; i++) {
        const due = origin + ACTION_EVERY_MS * (i + 0.5);
        await sleep(due - performance.now());
        const start = i % 2 === 0;
        const answer = start
          ? await admin("/api/lockdowns", i, { scope: "all", reason: `Storm ${i}` })
          : await admin(`/api/lockdowns/${id}/end`, i);
        if (start) id = answer.json.id;
        answers.push({ what: start ? "start" : "end", status: answer.status, ms: answer.ms });
      }
      return { answers, lastAt: performance.now() };
    })();
    const decisions = (async () => {
      const total = DECISIONS_PER_SECOND * DECISION_SECONDS;
      // In the order sent.
      const results: { status: number; ms: number }[] = new Array(total);
      const pending: Promise<void>[] = [];
      for (let n = 0; n < total; n++) {
        // Open loop: each is timed from when it was due.
        const due = origin + (n * 1_000) / DECISIONS_PER_SECOND;
        await sleep(due - performance.now());
        const door = n % DEVICES;
        pending.push(
          fetch(`${bases[n % bases.length]}/api/access/decisions`, {
            method: "POST",
            headers: { authorization: `Bearer ${keys[door]}`, "content-type": "application/json" },
            body: JSON.stringify({ credential: { type: "HID Prox", facilityCode: "117", cardCode: `card-${1 + (n * 7919) % USERS}` } }),
          }).then(async (res) => {
            await res.body?.cancel();
            results[n] = { status: res.status, ms: performance.now() - due };
          }, () => void (results[n] = { status: 0, ms: performance.now() - due })),
        );
      }
      await Promise.all(pending);
      return results;
    })();
    const { answers, lastAt } = await lockdowns;
    const decided = await decisions;
    const settled = await everyDoorBack(killedAgain, lastAt);
    const lockdownMs = answers.map((a) => a.ms);
    const lockdownsOk = answers.every((a) => a.status < 300 && a.ms < LOCKDOWN_BUDGET_MS);
    console.log(
      `restart under load: ${LOCKDOWN_ACTIONS} lockdown starts and ends answered ${answers.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms`).join(", ")}; ` +
        `${summary(lockdownMs)} (budget: each 2xx within ${LOCKDOWN_BUDGET_MS} ms): ${lockdownsOk ? "ok" : "FAIL"}`,
    );
    const statuses = Object.entries(Object.groupBy(decided, (d) => String(d.status))).map(([s, list]) => `${list!.length} × ${s}`);
    const decisionP99 = percentile(decided.map((d) => d.ms), 99);
    const bySecond = Array.from({ length: DECISION_SECONDS }, (_, s) =>
      decided.slice(s * DECISIONS_PER_SECOND, (s + 1) * DECISIONS_PER_SECOND).map((d) => d.ms));
    const decisionsOk = decisionP99 < DECISION_P99_BUDGET_MS && decided.every((d) => d.status === 200);
    console.log(
      `  decisions at ${DECISIONS_PER_SECOND}/s for ${DECISION_SECONDS} s: ${statuses.join(", ")}; ${summary(decided.map((d) => d.ms))} ` +
        `(budget: p99 < ${DECISION_P99_BUDGET_MS} ms, none 503): ${decisionsOk ? "ok" : "FAIL"}`,
    );
    console.log(`  decisions' p99 second by second: ${bySecond.map((ms) => percentile(ms, 99).toFixed(0)).join(", ")} ms`);
    console.log(`  every door connected and holding the list after the last lockdown action: ${summary(settled)}`);
    apis.forEach(tally);
    console.log(
      `breakers opened: ${breakerOpenings} (budget: never): ${breakerOpenings === 0 ? "ok" : "FAIL"}; ` +
        `stream passes that failed and were tried again: ${busyWarnings}`,
    );
  } finally {
    fleetProcess?.kill("SIGKILL");
    await fleetProcess?.status;
    await Promise.all(apis.map((api) => api?.stop("SIGKILL")));
    await db.close();
    await Deno.remove(work, { recursive: true });
  }
}
