// Notifications across processes (spec 4 §3; issue 28): two real API processes on a
// throwaway database on the PostgreSQL server named by DATABASE_URL, sending through
// their outboxes to a local push service (which checks the VAPID signature and
// decrypts every message, as a browser's would) and a local SMTP server, both in a
// process of their own (outside_process.ts).
//   1. 1,000 e-mails and 1,000 push messages queued at once (to 10 admin devices);
//   2. meanwhile, doors forced open one after another (uploads through either process):
//      upload → push request received by the push service (budget p99 < 2 s) and
//      → message accepted by the SMTP server (budget p99 < 5 s), each alarm going to
//      10 devices and 1 mailbox;
//   3. decisions at 500/s through both processes while that drains (bench/
//      decision_load.ts), beside the same load with nothing to send (budget p99 < 20 ms).
//
//   npx deno run -A bench/notifications.ts     (SAMPLES=, QUEUED= change the size)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin, benchAdminCookie } from "./bench_admin.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { type ApiProcess, startApi } from "../api/testing/api_process.ts";
import { startPushService } from "../api/testing/push_service.ts";
import { startSmtpServer } from "../api/testing/smtp_server.ts";
import { compose } from "../api/mail/compose.ts";
import { queueMail } from "../api/mail/queue.ts";
import { atApiPriority, env, percentile, sleep, summary } from "./figures.ts";
import { decisionsInChild } from "./decision_load.ts";
import { startOutside } from "./outside_process.ts";

const SAMPLES = env("SAMPLES", 40);
const QUEUED = env("QUEUED", 1_000);
const USERS = 2_000;
const DEVICES = 200;
const DEVICES_SUBSCRIBED = 10;
const DECISIONS_PER_SECOND = 500;
const DECISION_SECONDS = 10;

const verdict = (ok: boolean) => (ok ? "ok" : "FAIL");
/** Epoch milliseconds, comparable across this machine's processes. */
const wallClock = (at = performance.now()) => performance.timeOrigin + at;

if (Deno.args[0] === "--services") {
  // The push service and the SMTP server, and what they received when (by the push
  // message's body and the e-mail's subject), for the benchmark to read.
  const push = startPushService();
  const smtp = await startSmtpServer();
  const control = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    if (new URL(request.url).pathname === "/subscribe") return Response.json(await push.subscribe());
    return Response.json({
      push: push.received.map((m) => ({ key: (m.payload as { body: string }).body, at: wallClock(m.at) })),
      refused: push.refused.length,
      mail: smtp.received.map((m) => ({ key: m.subject, at: wallClock(m.at) })),
    });
  });
  console.log(JSON.stringify({ control: `http://127.0.0.1:${control.addr.port}`, smtp: smtp.url }));
  Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
} else {
  await bench();
}

type Arrivals = { push: { key: string; at: number }[]; refused: number; mail: { key: string; at: number }[] };

async function services() {
  const { firstLine, stop } = await startOutside(import.meta.url, ["--services"]);
  const { control, smtp } = JSON.parse(firstLine) as { control: string; smtp: string };
  return {
    smtp,
    subscribe: async () => await (await fetch(`${control}/subscribe`)).json(),
    arrivals: async () => (await (await fetch(control)).json()) as Arrivals,
    stop,
  };
}

async function bench() {
  await atApiPriority();
  const db = await throwawayDatabase();
  const outside = await services();
  const apis: ApiProcess[] = [];
  try {
    const keys = await seedDoorFleet(db.sql, { users: USERS, rooms: 100, devices: DEVICES });
    await addBenchAdmin(db.sql);
    await db.sql`vacuum analyze`;
    const processEnv = { DATABASE_URL: db.url, DEMO: "false", SMTP_URL: outside.smtp, PUSH_ALLOW_PRIVATE: "true" };
    apis.push(...await Promise.all([startApi(processEnv), startApi(processEnv)]));
    console.log(`2 API processes, ${DEVICES} doors, ${DEVICES_SUBSCRIBED} admin devices subscribed; load average ${
      Deno.loadavg().map((n) => n.toFixed(2)).join(" ")
    }`);

    // The admin on DEVICES_SUBSCRIBED devices, each its own session and subscription.
    for (let i = 0; i < DEVICES_SUBSCRIBED; i++) {
      const base = apis[i % 2].base;
      const res = await fetch(`${base}/api/push/subscriptions`, {
        method: "POST",
        headers: { cookie: await benchAdminCookie(base), origin: base, "content-type": "application/json" },
        body: JSON.stringify(await outside.subscribe()),
      });
      if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
    }
    const devices = await db.sql<{ name: string; roomName: string }[]>`
      select d.name, r.name as room_name from devices d join rooms r on r.id = d.room_id order by d.id`;

    // 3 (the reference first): decisions with nothing to send.
    const decide = () =>
      decisionsInChild({
        bases: apis.map((api) => api.base),
        keys: keys.slice(SAMPLES),
        seconds: DECISION_SECONDS,
        perSecond: DECISIONS_PER_SECOND,
        users: USERS,
      });
    const idle = await decide();

    // 1. The backlog, written at once.
    const subscriptions = await db.sql<{ id: number }[]>`select id from push_subscriptions`;
    const queuedAt = performance.now();
    await queueMail(
      db.sql,
      { on: true, from: "Threshold <no-reply@bench.test>" },
      Array.from({ length: QUEUED }, (_, i) => ({ to: `person-${i}@bench.test`, ...compose({ subject: `Backlog ${i}`, lines: ["Queued"] }) })),
    );
    await db.sql`insert into push_messages (subscription_id, payload, urgency)
      select (${subscriptions.map((s) => s.id)}::bigint[])[1 + n % ${subscriptions.length}],
             json_build_object('title', 'Backlog', 'body', 'Backlog ' || n, 'url', '/dash/alarms', 'tag', 'backlog-' || n)::text,
             'normal'
      from generate_series(1, ${QUEUED}) n`;

    // 2 and 3 at once: doors forced open while decisions run and the backlog drains.
    const decisions = decide();
    const sent = new Map<string, number>();
    for (let s = 0; s < SAMPLES; s++) {
      const where = `${devices[s].name} in ${devices[s].roomName}`;
      sent.set(where, wallClock());
      await fetch(`${apis[s % 2].base}/api/access/devices/self/door-events`, {
        method: "POST",
        headers: { authorization: `Bearer ${keys[s]}`, "content-type": "application/json" },
        body: JSON.stringify([{ eventId: crypto.randomUUID(), at: new Date().toISOString(), type: "door.opened", released: false }]),
      }).then((res) => res.body?.cancel());
      await sleep(200);
    }
    const busy = await decisions;
    // Everything arrives (or 60 s pass).
    let arrivals = await outside.arrivals();
    const end = performance.now() + 60_000;
    const expected = { push: QUEUED + SAMPLES * DEVICES_SUBSCRIBED, mail: QUEUED + SAMPLES };
    while ((arrivals.push.length < expected.push || arrivals.mail.length < expected.mail) && performance.now() < end) {
      await sleep(500);
      arrivals = await outside.arrivals();
    }
    const pushMs = arrivals.push.filter((a) => sent.has(a.key)).map((a) => a.at - sent.get(a.key)!);
    const mailMs = arrivals.mail.flatMap((a) => {
      const key = a.key.replace(/^Door forced open: /, "");
      return a.key !== key && sent.has(key) ? [a.at - sent.get(key)!] : [];
    });
    const drained = (list: { at: number }[]) => ((Math.max(...list.map((a) => a.at)) - wallClock(queuedAt)) / 1000).toFixed(1);
    console.log(`backlog: ${arrivals.push.length}/${expected.push} push messages in ${drained(arrivals.push)} s, ` +
      `${arrivals.mail.length}/${expected.mail} e-mails in ${drained(arrivals.mail)} s, ${arrivals.refused} refused by the push service`);
    const pushOk = pushMs.length === SAMPLES * DEVICES_SUBSCRIBED && percentile(pushMs, 99) < 2_000;
    console.log(`door forced open → push received: ${summary(pushMs)} (budget p99 < 2 s): ${verdict(pushOk)}`);
    const mailOk = mailMs.length === SAMPLES && percentile(mailMs, 99) < 5_000;
    console.log(`door forced open → e-mail accepted: ${summary(mailMs)} (budget p99 < 5 s): ${verdict(mailOk)}`);
    for (const [label, results] of [["with nothing to send", idle], ["while the backlog drains", busy]] as const) {
      const ms = results.map((r) => r.ms);
      const errors = results.filter((r) => r.status !== 200).length;
      console.log(`decisions at ${DECISIONS_PER_SECOND}/s ${label}: ${summary(ms)}, ${errors} not 200 (budget p99 < 20 ms): ${
        verdict(percentile(ms, 99) < 20 && !errors)
      }`);
    }
  } finally {
    await Promise.all(apis.map((api) => api.stop("SIGKILL")));
    await outside.stop();
    await db.close();
  }
}
