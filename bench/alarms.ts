// Alarms across processes (spec 4 §2; issue 27): two real API processes on a throwaway
// database on the PostgreSQL server named by DATABASE_URL, 500 doors with open event
// streams (half on each process), and door events flowing at 100 a second.
//   1. a forced opening uploaded through A → alarm.raised on an admin's live stream
//      open on B (budget p99 < 1 s);
//   2. doors left open (their room's heldOpenSeconds: 10) → alarm.raised on the stream,
//      timed from each door's deadline (budget p99 within 2 s of it);
//   3. a door's stream cut → device.offline (DEVICE_OFFLINE_SECONDS: 30), within 30 +
//      15 s of the cut, exactly one alarm;
//   4. decisions at 500/s through both processes, with the door events flowing and
//      without them (the decisions' budget of 20 ms stands), sent by a process of their
//      own (bench/decision_load.ts).
//
//   npx deno run -A bench/alarms.ts     (DEVICES=, SAMPLES= change the size)
import { throwawayDatabase } from "./throwaway_db.ts";
import { addBenchAdmin, benchAdminCookie } from "./bench_admin.ts";
import { seedDoorFleet } from "../api/testing/door_fleet.ts";
import { type ApiProcess, startApi } from "../api/testing/api_process.ts";
import { events } from "../api/testing/sse.ts";
import { atApiPriority, env, percentile, sleep, summary } from "./figures.ts";
import { decisionsInChild } from "./decision_load.ts";

const DEVICES = env("DEVICES", 500);
const SAMPLES = env("SAMPLES", 50);
const USERS = 2_000;
const ROOMS = 100;
const EVENTS_PER_SECOND = 100;
const HELD_OPEN_SECONDS = 10;
const OFFLINE_SECONDS = 30;
const DECISIONS_PER_SECOND = 500;
const DECISION_SECONDS = 10;

const verdict = (ok: boolean) => (ok ? "ok" : "FAIL");

await atApiPriority();
const db = await throwawayDatabase();
const apis: ApiProcess[] = [];
const streams: AbortController[] = [];
try {
  const keys = await seedDoorFleet(db.sql, { users: USERS, rooms: ROOMS, devices: DEVICES });
  await addBenchAdmin(db.sql);
  await db.sql`vacuum analyze`;
  await db.sql`checkpoint`;
  const devices = (await db.sql<{ id: number; roomId: number }[]>`select id, room_id from devices order by id`);
  const processEnv = { DATABASE_URL: db.url, DEMO: "false", DEVICE_OFFLINE_SECONDS: String(OFFLINE_SECONDS) };
  apis.push(...await Promise.all([startApi(processEnv), startApi(processEnv)]));
  const [a, b] = apis;
  console.log(`2 API processes, ${USERS} users, ${DEVICES} doors; load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);

  const cookie = await benchAdminCookie(a.base);

  // Every door's stream, half on each process.
  for (const [i, key] of keys.entries()) {
    const abort = new AbortController();
    streams.push(abort);
    fetch(`${apis[i % 2].base}/api/access/devices/self/stream`, { headers: { authorization: `Bearer ${key}` }, signal: abort.signal })
      .then(async (res) => {
        for await (const _ of res.body!) { /* read on */ }
      }).catch(() => {});
  }
  await sleep(3_000);

  // The admin's live stream on B: when each alarm.raised arrived, by alarm type and device.
  const raised = new Map<string, number>();
  const dash = events(await fetch(`${b.base}/api/events/stream`, { headers: { cookie } }));
  (async () => {
    while (true) {
      const e = await dash.next(600_000);
      if (e === "closed") return;
      if (e.event !== "alarm.raised") continue;
      const alarm = JSON.parse(e.data);
      raised.set(`${alarm.type} ${alarm.deviceId}`, performance.now());
    }
  })().catch(() => {});

  const upload = (i: number, body: unknown[], via = apis[i % 2]) =>
    fetch(`${via.base}/api/access/devices/self/door-events`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys[i]}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((res) => res.body?.cancel());
  const event = (type: string, released?: boolean) => ({
    eventId: crypto.randomUUID(),
    at: new Date().toISOString(),
    type,
    ...(released === undefined ? {} : { released }),
  });

  // Door traffic: released openings and their closings, at EVENTS_PER_SECOND, on the doors
  // not used by the measurements (the first SAMPLES * 2 + 1 are theirs).
  let flowing = true;
  const traffic = (async () => {
    const start = performance.now();
    for (let n = 0; flowing; n++) {
      await sleep(start + (n * 1_000) / EVENTS_PER_SECOND - performance.now());
      const door = SAMPLES * 2 + 1 + (Math.floor(n / 2) % (DEVICES - SAMPLES * 2 - 1));
      upload(door, [event(n % 2 ? "door.closed" : "door.opened", true)]).catch(() => {});
    }
  })();
  const waitFor = async (key: string, limitMs: number) => {
    const end = performance.now() + limitMs;
    while (!raised.has(key) && performance.now() < end) await sleep(10);
    return raised.get(key);
  };

  // 1. Forced openings uploaded through A, heard on B.
  const forced: number[] = [];
  for (let s = 0; s < SAMPLES; s++) {
    const sent = performance.now();
    await upload(s, [event("door.opened", false)], a);
    const at = await waitFor(`door.forced_open ${devices[s].id}`, 5_000);
    if (at !== undefined) forced.push(at - sent);
    await sleep(100);
  }
  const forcedOk = forced.length === SAMPLES && percentile(forced, 99) < 1_000;
  console.log(`forced opening uploaded → alarm.raised on the other process's stream: ${summary(forced)} (budget p99 < 1 s): ${verdict(forcedOk)}`);

  // 2. Doors left open in rooms with a short held-open time.
  const heldDoors = devices.slice(SAMPLES, SAMPLES * 2);
  await db.sql`update rooms set held_open_seconds = ${HELD_OPEN_SECONDS} where id = any(${heldDoors.map((d) => d.roomId)}::int[])`;
  const deadlines = new Map<number, number>();
  for (const [j, d] of heldDoors.entries()) {
    await upload(SAMPLES + j, [event("door.opened", true)]);
    deadlines.set(d.id, performance.now() + HELD_OPEN_SECONDS * 1_000);
    await sleep(50);
  }
  const late: number[] = [];
  for (const d of heldDoors) {
    const at = await waitFor(`door.held_open ${d.id}`, HELD_OPEN_SECONDS * 1_000 + 10_000);
    if (at !== undefined) late.push(at - deadlines.get(d.id)!);
  }
  const heldOk = late.length === heldDoors.length && percentile(late, 99) < 2_000;
  console.log(`held open → alarm.raised, after the deadline: ${summary(late)} (budget p99 within 2 s): ${verdict(heldOk)}`);

  // 3. One door's stream cut.
  const cut = SAMPLES * 2;
  streams[cut].abort();
  const cutAt = performance.now();
  const offlineAt = await waitFor(`device.offline ${devices[cut].id}`, (OFFLINE_SECONDS + 30) * 1_000);
  await sleep(6_000); // another pass of each process's timer: still one
  const [{ n: offlineAlarms }] = await db.sql`select count(*)::int as n from alarms where type = 'device.offline' and device_id = ${devices[cut].id}`;
  const offlineMs = offlineAt === undefined ? Infinity : offlineAt - cutAt;
  const offlineOk = offlineMs < (OFFLINE_SECONDS + 15) * 1_000 && offlineAlarms === 1;
  console.log(`stream cut → device.offline in ${(offlineMs / 1000).toFixed(1)} s, ${offlineAlarms} alarm (budget: within ${OFFLINE_SECONDS} + 15 s, exactly one): ${verdict(offlineOk)}`);

  // 4. Decisions at 500/s, with the door events flowing, then without.
  const decide = () =>
    decisionsInChild({
      bases: apis.map((api) => api.base),
      keys: keys.slice(SAMPLES * 2 + 1),
      seconds: DECISION_SECONDS,
      perSecond: DECISIONS_PER_SECOND,
      users: USERS,
    });
  const withEvents = await decide();
  flowing = false;
  await traffic;
  await sleep(1_000);
  const without = await decide();
  for (const [label, results] of [["with door events at 100/s", withEvents], ["without them", without]] as const) {
    const ms = results.map((r) => r.ms);
    const errors = results.filter((r) => r.status !== 200).length;
    console.log(`decisions at ${DECISIONS_PER_SECOND}/s ${label}: ${summary(ms)}, ${errors} not 200 (budget p99 < 20 ms): ${verdict(percentile(ms, 99) < 20 && !errors)}`);
  }
  await dash.cancel();
} finally {
  for (const abort of streams) abort.abort();
  await Promise.all(apis.map((api) => api.stop("SIGKILL")));
  await db.close();
}
