// Log pages against 1,000,000 access-log rows: the budget is a median under 100 ms
// per request, server side. Creates a throwaway database on the server named by
// DATABASE_URL, fills it with generate_series, then times each log endpoint through
// the real app (createApp + app.request: routing, auth, validation, SQL, JSON).
//
//   npx deno run -A bench/logs.ts   (ROWS=… and RUNS=… change the size; KEEP=true keeps
//                                    the database for EXPLAIN)
import { signInBenchAdmin } from "./bench_admin.ts";
import { throwawayDatabase } from "./throwaway_db.ts";
import type postgres from "postgres";
import { createApp } from "../api/app.ts";
import { loadConfig } from "../api/config.ts";
import { createLogger } from "../api/http/logger.ts";
import { encodeCursor } from "../api/logs/query.ts";

const ROWS = Number(Deno.env.get("ROWS") ?? 1_000_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 30);
const WARMUP = 3;
const BUDGET_MS = 100;
const ORIGIN = "http://localhost:8000";

const db = await throwawayDatabase();

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

try {
  const sql = db.sql;
  const started = performance.now();

  // People, places and grants: 1,000 users, 20 rooms with 3 devices each, 12 groups.
  await sql`insert into users (email, password_hash, first_name, last_name)
    select 'user' || n || '@bench.test', 'x',
      (array['Ann','Bob','Cleo','Dev','Eli','Fay','Gus','Hana','Ivan','Jo','Kai','Lena',
             'Milo','Nora','Omar','Pia','Quinn','Rosa','Sam','Tess'])[1 + n % 20],
      (array['Lee','Ray','Okafor','Martinez','Kim','Schmidt','Rossi','Chen','Costa','Davis',
             'Ahmed','Wilson','Dubois','Garcia','Taylor','Tanaka','Carter','Nguyen','Brown',
             'Bello','Moreau','Novak','Silva','Berg','Fischer'])[1 + (n / 20) % 25] || n
    from generate_series(1, 1000) n`;
  await sql`insert into rooms (name) select 'Room ' || n from generate_series(1, 20) n`;
  await sql`insert into devices (name, device_id, type, room_id)
    select 'Room ' || r || ' ' || (array['Reader','Lock','Smart Lock'])[k],
           'BENCH' || r || '-' || k, (array['reader','lock','lastlock'])[k], r
    from generate_series(1, 20) r, generate_series(1, 3) k`;
  await sql`insert into groups (name) select 'Group ' || n from generate_series(1, 12) n`;
  // Each user in one or two groups; each group holds four rooms.
  await sql`insert into user_groups (user_id, group_id)
    select n, 1 + n % 12 from generate_series(1, 1000) n
    union select n, 1 + (n * 7) % 12 from generate_series(1, 1000) n where n % 3 = 0`;
  await sql`insert into group_rooms (group_id, room_id)
    select g, 1 + (g * 3 + k) % 20 from generate_series(1, 12) g, generate_series(0, 3) k`;

  // The log: one event every 2 s going back from now (about 23 days for 1M rows),
  // every fifth pair sharing a timestamp; ~8% denied.
  await sql`
    insert into access_logs (user_id, user_name, device_id, device_name, room_id, room_name,
                             credential_type, action, outcome, reason, timestamp)
    select u.id, u.first_name || ' ' || u.last_name, d.id, d.name, r.id, r.name,
           (array['HID Prox','Mifare','PKOC BLE','EM41'])[1 + abs(hashint4(i + 7)) % 4],
           case d.type when 'reader' then 'Badge Scan'
                       when 'lastlock' then (array['Unlock','Door Open'])[1 + i % 2]
                       else 'Unlock' end,
           case when abs(hashint4(i + 13)) % 100 < 8 then 'denied' else 'success' end,
           case when abs(hashint4(i + 13)) % 100 < 8 then 'No access to this room' end,
           date_trunc('milliseconds', now()) - ((i - (i % 10 = 1)::int) * interval '2 s')
    from generate_series(1, ${ROWS}) i
    join users u on u.id = 1 + abs(hashint4(i)) % 1000
    join devices d on d.id = 1 + abs(hashint4(i + 1)) % 60
    join rooms r on r.id = d.room_id`;
  await sql`vacuum analyze`.catch(async () => await sql`analyze`);
  const [{ n }] = await sql`select count(*)::int as n from access_logs`;
  console.log(
    `database ${db.name}: ${n.toLocaleString("en-US")} access-log rows in ${seconds(started)}`,
  );

  // An admin session through the real sign-in call.
  const config = loadConfig({ PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: "silent" });
  const app = createApp({ sql, listen: db.listen, config, log: createLogger("silent") });
  const cookie = await signInBenchAdmin(app, sql, ORIGIN);

  // A cursor half-way down each log, as if someone paged deep into history.
  const deep = async (where: postgres.Fragment) => {
    const [row] = await sql<{ id: string; timestamp: Date }[]>`
      select id, timestamp from access_logs l where ${where}
      order by timestamp desc, id desc
      offset (select count(*) / 2 from access_logs l where ${where}) limit 1`;
    return encodeCursor(row);
  };
  const user = 17, room = 5, device = 14, group = 3;
  const scopes: [string, string, postgres.Fragment][] = [
    ["global", "/api/logs", sql`true`],
    ["user", `/api/users/${user}/logs`, sql`l.user_id = ${user}`],
    ["room", `/api/rooms/${room}/logs`, sql`l.room_id = ${room}`],
    ["device", `/api/devices/${device}/logs`, sql`l.device_id = ${device}`],
    [
      "group",
      `/api/groups/${group}/logs`,
      sql`l.user_id in (select user_id from user_groups where group_id = ${group})
        and l.room_id in (select room_id from group_rooms where group_id = ${group})`,
    ],
  ];
  const cases: { label: string; path: string }[] = [];
  for (const [scope, path, where] of scopes) {
    cases.push({ label: `${scope} first page`, path });
    cases.push({ label: `${scope} deep page`, path: `${path}?cursor=${await deep(where)}` });
    cases.push({ label: `${scope} search "tanaka"`, path: `${path}?search=tanaka` });
  }
  cases.push({ label: 'global search rare "ann lee1"', path: "/api/logs?search=ann%20lee1" });
  cases.push({ label: "global denied + Unlock", path: "/api/logs?outcome=denied&event=Unlock" });
  cases.push({
    label: "global one day",
    path: `/api/logs?from=${new Date(Date.now() - 5 * 86_400_000).toISOString()}&to=${
      new Date(Date.now() - 4 * 86_400_000).toISOString()
    }`,
  });
  cases.push({ label: "global search, no match", path: "/api/logs?search=zzzzqq" });

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  console.log(`load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  console.log(
    `\n${RUNS} timed runs each after ${WARMUP} warm-up runs; budget: median < ${BUDGET_MS} ms\n`,
  );
  console.log(
    `${"endpoint".padEnd(36)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  items  total`,
  );
  let over = 0;
  for (const { label, path } of cases) {
    const times: number[] = [];
    let items = 0, total = "";
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const t0 = performance.now();
      const res = await app.request(new URL(path, ORIGIN), { headers: { cookie } });
      const body = await res.json();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      if (run >= WARMUP) times.push(ms);
      items = body.items.length;
      total = `${body.total}${body.totalExact ? "" : "+"}`;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50), p95 = percentile(times, 95);
    if (p50 >= BUDGET_MS) over++;
    console.log(
      `${label.padEnd(36)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}  ${
        String(items).padStart(5)
      }  ${total}${p50 >= BUDGET_MS ? "  OVER BUDGET" : ""}`,
    );
  }
  console.log(
    over
      ? `\nverdict: ${over} of ${cases.length} endpoints over the ${BUDGET_MS} ms median budget`
      : `\nverdict: all ${cases.length} endpoints within the ${BUDGET_MS} ms median budget`,
  );
  if (over) Deno.exitCode = 1;
} finally {
  await db.close();
}
