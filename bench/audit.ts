// The audit trail's cost and speed (issue 14), through the real app (createApp +
// app.request: routing, auth, the audited transaction, SQL, JSON) on a throwaway
// database on the server named by DATABASE_URL. Budgets:
//   - the event adds at most 2 ms to a mutation's median: PUT /api/rooms/:id (its
//     event: the diff, the insert, the chain trigger) against a route of this
//     benchmark doing the very same work in the very same audited transaction,
//     recording nothing (a member route, where events are optional);
//   - the first page of GET /api/audit under 100 ms median at 1,000,000 events,
//     also with a search (and with each other filter).
// It also times the chain's check of all events (no budget: it is a manual check).
//
//   npx deno run -A bench/audit.ts   (EVENTS=…, RUNS=… change the size; KEEP=true keeps it)
import { signInBenchAdmin } from "./bench_admin.ts";
import { throwawayDatabase } from "./throwaway_db.ts";
import { createApp } from "../api/app.ts";
import { loadConfig } from "../api/config.ts";
import { createLogger } from "../api/http/logger.ts";
import { allow } from "../api/auth/access.ts";
import { body, idParam } from "../api/http/validate.ts";
import { lockForEdit } from "../api/http/versions.ts";
import { transaction } from "../api/http/transaction.ts";
import { notFound } from "../api/http/not_found.ts";
import { findRoom, updateRoom } from "../api/rooms/repo.ts";
import { roomBody } from "../api/rooms/schemas.ts";

const EVENTS = Number(Deno.env.get("EVENTS") ?? 1_000_000);
const RUNS = Number(Deno.env.get("RUNS") ?? 60);
const WARMUP = 5;
const PAGE_BUDGET_MS = 100;
const EVENT_BUDGET_MS = 2;
const ORIGIN = "http://localhost:8000";

const db = await throwawayDatabase();

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (times: number[]) => percentile([...times].sort((a, b) => a - b), 50);

try {
  const sql = db.sql;
  const config = loadConfig({ PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: "silent" });
  const app = createApp({ sql, listen: db.listen, config, log: createLogger("silent") });
  // The room update of api/rooms/routes.ts, minus its audit event.
  app.put("/api/bench/rooms/:id", allow.signedIn, async (c) => {
    const id = idParam(c);
    const input = await body(c, roomBody);
    const room = await transaction(c.var.sql, async (tx) => {
      await lockForEdit(c, tx, "rooms", id, findRoom, notFound.room);
      await updateRoom(tx, id, input);
      return await findRoom(tx, id);
    });
    return c.json(room);
  });
  const cookie = await signInBenchAdmin(app, sql, ORIGIN);
  const send = async (method: string, path: string, json?: unknown) => {
    const res = await app.request(new URL(path, ORIGIN), {
      method,
      headers: { origin: ORIGIN, cookie, "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  console.log(`load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);

  // --- what the event adds to a mutation -------------------------------------------
  // Alternating, so both meet the same machine; each rename really changes the room.
  const [room] = await sql`insert into rooms (name) values ('Bench Room') returning id`;
  const audited: number[] = [], bare: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    for (
      const [path, times] of [[`/api/rooms/${room.id}`, audited], [
        `/api/bench/rooms/${room.id}`,
        bare,
      ]] as const
    ) {
      const t0 = performance.now();
      await send("PUT", path, {
        name: `Bench Room ${run} ${path.length}`,
        description: `run ${run}`,
      });
      if (run >= WARMUP) times.push(performance.now() - t0);
    }
  }
  const added = median(audited) - median(bare);
  console.log(
    `\nmutation, ${RUNS} runs each, medians: PUT /api/rooms/:id ${median(audited).toFixed(2)} ms ` +
      `(with its event), the same work without the event ${
        median(bare).toFixed(2)
      } ms: the event adds ${added.toFixed(2)} ms`,
  );

  // --- a million events ---------------------------------------------------------------
  // One statement; the chain trigger links each to the one before, as for any insert.
  const started = performance.now();
  await sql`
    insert into audit_events (actor_type, actor_id, actor_name, action, target_type, target_id,
      target_name, changes, ip, user_agent, request_id)
    select 'user', 1 + i % 40,
      (array['Avery Adams','Blake Chen','Casey Diaz','Drew Evans','Emery Fox'])[1 + i % 5] || ' ' || (i % 40),
      (array['room.update','user.update','group.member.add','device.assign','auth.sign_in',
             'credential.create','room.create','user.deactivate'])[1 + abs(hashint4(i)) % 8],
      (array['room','user','group','device'])[1 + i % 4], 1 + abs(hashint4(i + 1)) % 5000,
      (array['Main Lobby','Server Room','Mail Room','Roof Door','Loading Dock'])[1 + i % 5] || ' ' || (i % 997),
      jsonb_build_object('name', jsonb_build_array('Before ' || i, 'After ' || i)),
      '10.0.' || (i % 250) || '.' || (i % 200), 'Mozilla/5.0 (bench)', md5(i::text)
    from generate_series(1, ${EVENTS}) i`;
  await sql`vacuum analyze audit_events`.catch(async () => await sql`analyze audit_events`);
  const [{ n }] = await sql`select count(*)::int as n from audit_events`;
  console.log(
    `\n${n.toLocaleString("en-US")} audit events in ${
      seconds(started)
    } (the chain trigger on every row)`,
  );

  const t0 = performance.now();
  const verified = await send("GET", "/api/audit/verify");
  console.log(
    `GET /api/audit/verify: ${JSON.stringify({ ok: verified.ok, count: verified.count })} in ${
      seconds(t0)
    }`,
  );
  if (!verified.ok) throw new Error("the chain does not verify");

  const cases = [
    ["first page", "/api/audit"],
    ['search "server room 41"', "/api/audit?search=server%20room%2041"],
    ['search "blake"', "/api/audit?search=blake"],
    ["search, no match", "/api/audit?search=zzzzqq"],
    ["action user.deactivate", "/api/audit?action=user.deactivate"],
    ["one room's history", "/api/audit?targetType=room&targetId=17"],
    ["one actor", "/api/audit?actorId=7"],
    ["one day", `/api/audit?from=${new Date(Date.now() - 86_400_000).toISOString()}`],
  ];
  console.log(
    `\n${RUNS} timed runs each after ${WARMUP} warm-up runs; budget: median < ${PAGE_BUDGET_MS} ms\n`,
  );
  console.log(
    `${"GET /api/audit".padEnd(28)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  items`,
  );
  let over = 0;
  for (const [label, path] of cases) {
    const times: number[] = [];
    let items = 0;
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const t = performance.now();
      const page = await send("GET", path);
      if (run >= WARMUP) times.push(performance.now() - t);
      items = page.items.length;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    if (p50 >= PAGE_BUDGET_MS) over++;
    console.log(
      `${label.padEnd(28)} ${p50.toFixed(1).padStart(8)} ${
        percentile(times, 95).toFixed(1).padStart(8)
      }  ${String(items).padStart(5)}`,
    );
  }

  console.log("\nbudgets:");
  console.log(
    `  ${added <= EVENT_BUDGET_MS ? "PASS" : "FAIL"}  the event adds ${
      added.toFixed(2)
    } ms to a mutation's median ≤ ${EVENT_BUDGET_MS} ms`,
  );
  console.log(
    `  ${over ? "FAIL" : "PASS"}  ${
      cases.length - over
    } of ${cases.length} audit pages with a median < ${PAGE_BUDGET_MS} ms at ${
      n.toLocaleString("en-US")
    } events`,
  );
  if (over || added > EVENT_BUDGET_MS) Deno.exitCode = 1;
} finally {
  await db.close();
}
