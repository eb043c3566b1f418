// Webhooks and live events across processes (spec 3 §6, §7; issue 18): two real API
// processes on a throwaway database on the PostgreSQL server named by DATABASE_URL,
// a webhook receiver in this process, decisions sent through one process.
//   1. event → first webhook attempt: decisions (picked up by the senders' poll)
//      and lockdowns (announced by NOTIFY), from the call's answer to the receiver's
//      first request for it. Budget p99 < 2 s.
//   2. event → live stream on the other process: the same decisions and lockdowns,
//      from the answer through A to the event on a dashboard stream open on B.
//      Budget p99 < 1 s.
//   3. 1,000 deliveries to a receiver answering in 500 ms while decisions run at
//      500/s through both processes: the decisions' p99, beside the same load with
//      no deliveries waiting. Budget p99 < 20 ms, as bench/access.ts's.
//
//   npx deno run -A bench/webhooks.ts     (SAMPLES=, RATE=, SECONDS=, DELIVERIES= change the size)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin, benchAdminCookie } from "./bench_admin.ts";
import { type ApiProcess, startApi } from "../api/testing/api_process.ts";
import { hashDeviceKey, newDeviceKey } from "../api/access/device_keys.ts";
import { startReceiver } from "../api/testing/webhook_receiver.ts";
import { atApiPriority, env, percentile, sleep, summary as summaryTo } from "./figures.ts";
import { startOutside } from "./outside_process.ts";

const SAMPLES = env("SAMPLES", 200);
const RATE = env("RATE", 500);
const SECONDS = env("SECONDS", 20);
const DELIVERIES = env("DELIVERIES", 1_000);
const USERS = 1_000;
// The decisions' budget (bench/access.ts), with or without deliveries waiting.
const DECISION_P99_MS = 20;
const DEVICES = 20;

const summary = (values: number[]) => summaryTo(values, 1);

// The slow receiver of part 3 runs in a process of its own (outside_process.ts): in
// this one, its 100-odd requests a second would delay the load generator and count
// against the decisions it times.
if (Deno.args[0] === "--slow-receiver") {
  let delivered = 0;
  let lastAt = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(`listening ${port}`) }, async (request) => {
    if (request.method === "GET") return Response.json({ delivered, lastAt });
    await request.text();
    await sleep(500);
    delivered++;
    lastAt = Date.now();
    return new Response("ok");
  });
  Deno.addSignalListener("SIGTERM", () => server.shutdown());
} else {
  await bench();
}

async function slowReceiver() {
  const { firstLine, stop } = await startOutside(import.meta.url, ["--slow-receiver"]);
  const url = `http://127.0.0.1:${/listening (\d+)/.exec(firstLine)![1]}`;
  return {
    url,
    stats: async () => (await (await fetch(url)).json()) as { delivered: number; lastAt: number },
    stop,
  };
}

async function bench() {
  // The load generator stands for the doors: at the API processes' priority (startApi),
  // so that its own waits for the CPU do not count against the decisions it times.
  await atApiPriority();
  const db = await throwawayDatabase();
  const sql = db.sql;
  const receiver = startReceiver();
  const apis: ApiProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  try {
    await sql`insert into users (email, password_hash, first_name, last_name)
      select 'user' || n || '@bench.test', 'x', 'User', 'No ' || n from generate_series(1, ${USERS}) n`;
    await sql`insert into user_credentials (user_id, type, facility_code, card_code)
      select id, 'HID Prox', '117', 'card-' || id from users`;
    const [room] = await sql`insert into rooms (name) values ('Lobby') returning id`;
    const [group] = await sql`insert into groups (name) values ('Everyone') returning id`;
    await sql`insert into user_groups (user_id, group_id) select id, ${group.id} from users`;
    await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
    const keys = Array.from({ length: DEVICES }, () => newDeviceKey());
    await sql`insert into devices (name, device_id, type, room_id, api_key_hash, api_key_created_at)
      select 'Reader ' || n, 'BENCH' || n, 'reader', ${room.id}, k, now()
      from unnest(${keys.map(hashDeviceKey)}::text[]) with ordinality as t(k, n)`;
    const cards = (await sql<{ cardCode: string }[]>`select card_code from user_credentials order by id`).map((r) => r.cardCode);
    await addBenchAdmin(sql);

    const processEnv = { DATABASE_URL: db.url, DEMO: "false", WEBHOOK_ALLOW_PRIVATE: "true" };
    const [a, b] = await Promise.all([startApi(processEnv), startApi(processEnv)]);
    apis.push(a, b);
    console.log(`2 API processes, ${USERS} users, ${DEVICES} readers; load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);

    const cookie = await benchAdminCookie(a.base);
    const admin = async (api: ApiProcess, path: string, body?: unknown) => {
      const res = await fetch(`${api.base}${path}`, {
        method: "POST",
        headers: { cookie, origin: api.base, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return await res.json();
    };
    let n = 0;
    /** One decision through `api`: its answer and how long it took. */
    const decide = async (api: ApiProcess) => {
      const i = n++;
      const started = performance.now();
      const res = await fetch(`${api.base}/api/access/decisions`, {
        method: "POST",
        headers: { authorization: `Bearer ${keys[i % DEVICES]}`, "content-type": "application/json" },
        body: JSON.stringify({ credential: { type: "HID Prox", facilityCode: "117", cardCode: cards[i % cards.length] } }),
      });
      const ms = performance.now() - started;
      if (res.status !== 200) {
        await res.body?.cancel();
        return { ms, status: res.status, logId: 0, at: performance.now() };
      }
      const { logId } = await res.json();
      return { ms, status: 200, logId: logId as number, at: performance.now() };
    };

    // ---- 1 and 2: first attempt and the live stream on the other process ----
    const fast = await admin(a, "/api/webhooks", { url: `${receiver.url}/fast`, eventTypes: ["access.granted", "lockdown.started"] });
    const firstAttempt = new Map<string, number>();
    const streamed = new Map<string, number>();
    receiver.answer((_request, text) => {
      const body = JSON.parse(text);
      const key = `${body.type}:${body.data.id}`;
      if (!firstAttempt.has(key)) firstAttempt.set(key, performance.now());
      return new Response("ok");
    });
    const stream = await fetch(`${b.base}/api/events/stream`, { headers: { cookie } });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      let buffer = "";
      while (true) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) streamed.set(`${type}:${JSON.parse(data).id}`, performance.now());
        }
      }
    })().catch(() => {});
    await sleep(500);

    const sent: { key: string; at: number }[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const d = await decide(a);
      if (d.status === 200) sent.push({ key: `access.granted:${d.logId}`, at: d.at });
      await sleep(50);
    }
    const lockdowns: { key: string; at: number }[] = [];
    for (let i = 0; i < Math.min(50, SAMPLES); i++) {
      const started = await admin(a, "/api/lockdowns", { scope: "all", reason: `Drill ${i}` });
      lockdowns.push({ key: `lockdown.started:${started.id}`, at: performance.now() });
      await admin(a, `/api/lockdowns/${started.id}/end`);
      await sleep(50);
    }
    await sleep(3_000);
    const delays = (marks: Map<string, number>, events: { key: string; at: number }[]) =>
      events.map((e) => (marks.has(e.key) ? marks.get(e.key)! - e.at : Infinity));
    const report = (label: string, values: number[], budget: number) => {
      const missing = values.filter((v) => v === Infinity).length;
      const p99 = percentile(values, 99);
      console.log(`${label}: ${summary(values.filter((v) => v !== Infinity))}${missing ? `, ${missing} never` : ""} → ${p99 < budget ? "PASS" : "FAIL"} (p99 < ${budget} ms)`);
    };
    report("decision → first webhook attempt", delays(firstAttempt, sent), 2_000);
    report("lockdown → first webhook attempt", delays(firstAttempt, lockdowns), 2_000);
    report("decision → live stream on the other process", delays(streamed, sent), 1_000);
    report("lockdown → live stream on the other process", delays(streamed, lockdowns), 1_000);
    await reader.cancel();
    await reading;
    await fetch(`${a.base}/api/webhooks/${fast.id}`, { method: "DELETE", headers: { cookie, origin: a.base } }).then((r) => r.body?.cancel());

    // ---- 3: decisions at RATE/s, without and then with DELIVERIES waiting for a 500 ms receiver ----
    const load = async (seconds: number) => {
      const results: Promise<{ ms: number; status: number }>[] = [];
      const start = performance.now();
      const total = Math.round(RATE * seconds);
      for (let i = 0; i < total; i++) {
        const due = start + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 2) await sleep(wait);
        results.push(decide(i % 2 ? a : b));
      }
      const done = await Promise.all(results);
      return {
        ms: done.map((r) => r.ms),
        failed: done.filter((r) => r.status !== 200).length,
        rate: total / ((performance.now() - start) / 1000),
      };
    };
    const decisionsReport = (label: string, run: Awaited<ReturnType<typeof load>>) => {
      const p99 = percentile(run.ms, 99);
      const pass = p99 < DECISION_P99_MS && run.failed === 0;
      console.log(`decisions at ${RATE}/s, ${label}: ${summary(run.ms)}, ${run.failed} not 200, ${run.rate.toFixed(0)}/s → ${pass ? "PASS" : "FAIL"} (p99 < ${DECISION_P99_MS} ms, none failed)`);
    };
    // Warm-up: both processes' connections and JIT (the first part sent through A only).
    await load(3);
    decisionsReport("no deliveries", await load(SECONDS));

    const slowEndpoint = await slowReceiver();
    stops.push(slowEndpoint.stop);
    const slow = await admin(a, "/api/webhooks", { url: `${slowEndpoint.url}/slow`, eventTypes: ["admin.change"] });
    // DELIVERIES test events at once, written as the test call writes them.
    await sql`with e as (
        insert into events (type, subject_id) select 'webhook.test', ${slow.id} from generate_series(1, ${DELIVERIES}) returning id)
      insert into webhook_deliveries (webhook_id, event_id) select ${slow.id}, id from e`;
    await sql`select pg_notify('events', '0')`;
    const firstAt = Date.now();
    decisionsReport(`${DELIVERIES} deliveries to a 500 ms receiver`, await load(SECONDS));
    let stats = await slowEndpoint.stats();
    for (let i = 0; i < 600 && stats.delivered < DELIVERIES; i++) {
      await sleep(100);
      stats = await slowEndpoint.stats();
    }
    const [row] = await sql`select count(*) filter (where status = 'delivered')::int as delivered,
        count(*) filter (where attempts > 1)::int as retried
      from webhook_deliveries d join events e on e.id = d.event_id
      where d.webhook_id = ${slow.id} and e.type = 'webhook.test'`;
    console.log(`${row.delivered} of ${DELIVERIES} delivered in ${((stats.lastAt - firstAt) / 1000).toFixed(1)} s (${row.retried} needed more than one attempt; receiver saw ${stats.delivered})`);
  } finally {
    await Promise.all([...apis.map((api) => api.stop()), ...stops.map((stop) => stop())]);
    await receiver.stop();
    await db.close();
  }
}
