// The database stopped under load (issue 12): the real API process (api/main.ts)
// on a PostgreSQL server of this test's own, ~200 requests a second of access
// decisions, health checks, an admin list and an admin mutation; the server is
// stopped for 8 s and started again. Asserts, for every single request:
//   - nothing hangs: each answer comes within 1 s while the database is away, and
//     every answer in the whole run is a 2xx or 503 `The database is not available`.
//     The 1 s is the server's: the time this process itself could not run while a
//     request was out is not counted (see `stalls` below);
//   - never acting late: a decision answered 503 has no access-log row, an answered
//     one has its row, stamped before its deadline (send time + DECISION_DEADLINE_MS,
//     and this process's stalls);
//     a room answered 503 was not created, one answered 201 was;
//   - recovery by itself: from 5 s after the restart, no request is refused for the
//     database being away, and at most 1 in 100 meets its deadline.
// The machine's own PostgreSQL (5432) is never touched.
import postgres from "postgres";
import { assert, assertEquals } from "../testing/assert.ts";
import { havePostgresBinaries, startPrivatePostgres } from "./private_postgres.ts";
import { type ApiProcess, startApi } from "../testing/api_process.ts";
import { DEMO_ADMIN } from "../demo/seed.ts";

/**
 * The decisions' deadline. Not the default (1 s): a decision refused by its deadline
 * is answered at that moment plus the way back, so it gets the 900 ms every other
 * statement gets (DB_STATEMENT_TIMEOUT_MS), which leaves 100 ms of the 1 s for it.
 */
const DEADLINE_MS = 900;
/** A tick of this process's own timer later than this counts as a stall of it. */
const STALL_TICK_MS = 10;
const STALL_SLACK_MS = 10;
const RATE = 200; // requests per second, all kinds together
const CLIENT_TIMEOUT_MS = 15_000;
/** Date.now() here and the server's clock: the same machine, read a few ms apart. */
const CLOCK_SLACK_MS = 5;

type Kind = "decision" | "health" | "list" | "mutation";
type Sent = {
  i: number;
  kind: Kind;
  /** performance.now() and Date.now() when sent, and when the answer was read. */
  at: number;
  epoch: number;
  ms?: number;
  status?: number; // 0: no answer (client timeout or network error)
  body?: { error?: string; logId?: number; id?: number };
  mark: string;
  /** A mutation's Idempotency-Key, when it was sent with one. */
  key?: string;
};

Deno.test({
  name: havePostgresBinaries()
    ? "the database stopped under load: every request 503 within 1 s, nothing late, recovery"
    : "the database stopped under load (skipped: no PostgreSQL server binaries here)",
  ignore: !havePostgresBinaries(),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const pg = await startPrivatePostgres();
    let api: ApiProcess | undefined;
    const check = postgres(pg.url, { max: 1, onnotice: () => {} });
    let passed = false;
    try {
      api = await startApi({
        DATABASE_URL: pg.url,
        DEMO: "true",
        DECISION_DEADLINE_MS: String(DEADLINE_MS),
        // The breaker's openings and anything unexpected, printed if the test fails.
        LOG_LEVEL: "warn",
      });
      const base = api.base;
      const origin = { origin: base };

      // Sign in, and a key for one of the demo doors.
      const login = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", ...origin },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      });
      assertEquals(login.status, 200, await login.clone().text());
      await login.body?.cancel();
      const cookie = login.headers.getSetCookie()[0].split(";")[0];
      const admin = { cookie, ...origin };
      const [door] = await check<{ id: number }[]>`
        select id from devices where room_id is not null and type = 'reader' order by id limit 1`;
      const keyed = await fetch(`${base}/api/devices/${door.id}/api-key`, {
        method: "POST",
        headers: admin,
      });
      assertEquals(keyed.status, 201);
      const apiKey = (await keyed.json()).apiKey as string;
      const [badge] = await check<{ type: string; facilityCode: string; cardCode: string }[]>`
        select type, facility_code as "facilityCode", card_code as "cardCode"
        from user_credentials order by id limit 1`;

      const sent: Sent[] = [];
      const inFlight = new Set<Promise<void>>();
      const kinds: Kind[] = ["decision", "health", "decision", "list", "decision", "mutation"];
      const one = (i: number) => {
        const kind = kinds[i % kinds.length];
        const mark = `${i < 0 ? "warm-up" : "outage"} ${i}`;
        let request: Request;
        let key: string | undefined;
        if (kind === "decision") {
          request = new Request(`${base}/api/access/decisions`, {
            method: "POST",
            headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
            body: JSON.stringify({ credential: badge, action: mark }),
          });
        } else if (kind === "health") request = new Request(`${base}/api/health`);
        else if (kind === "list") request = new Request(`${base}/api/rooms`, { headers: admin });
        else {
          // Half with an Idempotency-Key (the handler then runs in a transaction), half without.
          const headers: Record<string, string> = { ...admin, "content-type": "application/json" };
          if (i % 12 === 5) key = headers["idempotency-key"] = crypto.randomUUID();
          request = new Request(`${base}/api/rooms`, {
            method: "POST",
            headers,
            body: JSON.stringify({ name: mark }),
          });
        }
        const s: Sent = { i, kind, at: performance.now(), epoch: Date.now(), mark, key };
        sent.push(s);
        const done = (async () => {
          try {
            const res = await fetch(request, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
            const text = await res.text();
            s.status = res.status;
            try {
              s.body = JSON.parse(text);
            } catch { /* not JSON */ }
          } catch {
            s.status = 0;
          }
          s.ms = performance.now() - s.at;
        })();
        inFlight.add(done);
        done.finally(() => inFlight.delete(done));
      };

      // Warm-up (compiled code, connections at both ends), not counted: the question is
      // a stop under steady load, not a cold start.
      for (let round = 0; round < 20; round++) {
        for (let k = 0; k < 12; k++) one(-1 - (round * 12 + k));
        await Promise.all([...inFlight]);
      }
      const warm = sent.splice(0);
      assertEquals(warm.filter((s) => s.status! >= 300).map((s) => s.mark), [], "warm-up");

      // The load: RATE a second, on its own schedule whatever the answers do.
      const start = performance.now();
      let stopLoad = false;
      const load = (async () => {
        for (let i = 0; !stopLoad; i++) {
          const due = start + (i * 1000) / RATE;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          one(i);
        }
      })();
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

      // This process's own stalls: when a tick comes late, the process could not run
      // (the stop makes this 2-core VM spend 130-200 ms in the kernel, exiting sessions;
      // an idle process elsewhere stalls as long). A request sent just before one
      // leaves only after it, and its answer is read only after it: that delay is this
      // side's, not the server's.
      const stalls: { from: number; to: number }[] = [];
      let tick = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        if (now - tick > STALL_TICK_MS + STALL_SLACK_MS) stalls.push({ from: tick + STALL_TICK_MS, to: now });
        tick = now;
      }, STALL_TICK_MS);
      const stalled = (s: Sent) =>
        stalls.reduce(
          (sum, x) => sum + Math.max(0, Math.min(x.to, s.at + s.ms!) - Math.max(x.from, s.at)),
          0,
        );
      await sleep(3_000);
      const stopping = performance.now();
      await pg.stop("fast");
      const down = performance.now();
      await sleep(8_000);
      const restarting = performance.now();
      await pg.start();
      const back = performance.now();
      await sleep(7_000);
      stopLoad = true;
      await load;
      await Promise.all([...inFlight]);
      clearInterval(ticker);

      // --- what happened ----------------------------------------------------------
      const failed = (s: Sent) => s.status === 0 || (s.status! >= 300 && s.status !== 503);
      const summary = (list: Sent[]) => {
        const by = new Map<string, number>();
        for (const s of list) {
          by.set(`${s.kind} ${s.status}`, (by.get(`${s.kind} ${s.status}`) ?? 0) + 1);
        }
        const slowest = Math.max(0, ...list.map((s) => s.ms!));
        return `${list.length} requests, slowest ${slowest.toFixed(0)} ms: ` +
          [...by].sort().map(([k, n]) => `${k}: ${n}`).join(", ");
      };
      const during = sent.filter((s) => s.at >= stopping && s.at < restarting);
      const away = sent.filter((s) => s.at >= down && s.at + s.ms! < restarting);
      const late = sent.filter((s) => s.at >= back + 5_000);
      console.log(`  before the stop: ${summary(sent.filter((s) => s.at < stopping))}`);
      console.log(
        `  stopping (${(down - stopping).toFixed(0)} ms): ` +
          summary(sent.filter((s) => s.at >= stopping && s.at < down)),
      );
      console.log(`  down: ${summary(away)}`);
      console.log(
        `  restart took ${(back - restarting).toFixed(0)} ms; after it: ` +
          summary(sent.filter((s) => s.at >= restarting)),
      );

      // Second by second around the restart: when answers came back.
      const buckets = new Map<number, string[]>();
      for (const s of sent.filter((s) => s.at >= restarting - 1_000)) {
        const b = Math.floor((s.at - back) / 1_000);
        buckets.set(b, [...(buckets.get(b) ?? []), String(s.status)]);
      }
      for (const [b, statuses] of buckets) {
        const ok = statuses.filter((x) => x.startsWith("2")).length;
        console.log(`  restart ${b >= 0 ? "+" : ""}${b} s: ${ok}/${statuses.length} answered`);
      }

      console.log(
        `  this process stalled 50 ms or more: ${
          stalls.filter((x) => x.to - x.from >= 50).map((x) => `${(x.to - x.from).toFixed(0)} ms at ${(x.from - stopping).toFixed(0)}`)
            .join(", ")
        } (ms from the stop)`,
      );

      // Nothing else than answers or 503s, and nothing hung, in the whole run.
      const odd = sent.filter(failed);
      assertEquals(odd.map((s) => `${s.kind} ${s.i}: ${s.status} ${JSON.stringify(s.body)}`), []);
      // While the database was going or gone, every request was answered within 1 s...
      const slow = during.filter((s) => s.ms! - stalled(s) >= 1_000);
      assertEquals(
        slow.map((s) =>
          `${s.kind} ${s.i}: ${s.ms!.toFixed(0)} ms, ${stalled(s).toFixed(0)} ms of it this process stalled`
        ),
        [],
      );
      // ...and while it was gone, with 503 and the one message, health included.
      assert(away.length > RATE * 6, `load kept up while down (${away.length} requests)`);
      for (const kind of ["decision", "health", "list", "mutation"] as Kind[]) {
        assert(away.some((s) => s.kind === kind), `some ${kind} while down`);
      }
      const not503 = away.filter((s) =>
        s.status !== 503 || s.body?.error !== "The database is not available"
      );
      assertEquals(
        not503.map((s) => `${s.kind} ${s.i}: ${s.status} ${JSON.stringify(s.body)}`),
        [],
      );
      // Recovery by itself within 5 s of the database's return: from then on nothing is
      // refused for the database being away (at once: the breaker open, the line full).
      // A statement that meets its deadline is refused then as at any time: that is the
      // machine's load, not the outage (seen in 1 of 2 runs on 2026-11-29, one request
      // 6.6 s after the restart, every request since +1 s answered); a pool left
      // on dead connections would make them most, so they must stay rare.
      assert(late.length > RATE, `load kept up after the restart (${late.length} requests)`);
      const said = (s: Sent) =>
        `${s.kind} ${s.i}: ${s.status} ${JSON.stringify(s.body)} after ${s.ms!.toFixed(0)} ms, ` +
        `${((s.at - back) / 1_000).toFixed(1)} s after the restart`;
      const refused = late.filter((s) => s.status! >= 300);
      assertEquals(refused.filter((s) => s.ms! < DEADLINE_MS).map(said), [], "refused before its deadline");
      const atDeadline = refused.filter((s) => s.ms! >= DEADLINE_MS);
      assert(atDeadline.length <= late.length / 100, `more than 1 in 100 met the deadline: ${atDeadline.map(said).join("; ")}`);
      if (atDeadline.length) console.log(`  after +5 s, refused at the deadline: ${atDeadline.map(said).join("; ")}`);

      // Never acting late: every decision's row (or its absence) against its answer.
      const rows = await check<{ id: string; action: string; timestamp: Date }[]>`
        select id, action, timestamp from access_logs where action like 'outage %'`;
      const rowOf = new Map(rows.map((r) => [r.action, r]));
      const decisions = sent.filter((s) => s.kind === "decision");
      const wrong: string[] = [];
      for (const s of decisions) {
        const row = rowOf.get(s.mark);
        rowOf.delete(s.mark);
        if (s.status === 200) {
          if (!row) wrong.push(`${s.mark}: answered 200 but no row`);
          else if (Number(row.id) !== s.body?.logId) wrong.push(`${s.mark}: other row`);
          else if (row.timestamp.getTime() > s.epoch + DEADLINE_MS + stalled(s)) {
            wrong.push(`${s.mark}: logged ${row.timestamp.getTime() - s.epoch} ms after sending`);
          }
        } else if (row) {
          wrong.push(
            `${s.mark}: answered ${s.status} but logged ${
              row.timestamp.getTime() - s.epoch
            } ms after sending`,
          );
        }
      }
      assertEquals(wrong, []);
      assertEquals([...rowOf.keys()], [], "no row for a request that was never sent");
      // The admin mutation: a room answered 201 exists. One answered 503 may exist too,
      // but only made before that answer, never after it. Without a key, POST /api/rooms
      // is two statements (insert, then read back) and the stop may fall between them.
      // With a key it is one transaction, whose outcome the API cannot always know: a
      // COMMIT that PostgreSQL's fast shutdown cuts off after committing (its
      // CommandComplete sent, then FATAL before ReadyForQuery) reaches postgres.js as an
      // error. Such a request is the caller's to replay with its key, and the replay must
      // answer the 201 that was recorded with the room, not make a second one.
      const rooms = new Map(
        (await check<{ id: number; name: string; createdAt: Date }[]>`
          select id, name, created_at as "createdAt" from rooms where name like 'outage %'`)
          .map((r) => [r.name, r]),
      );
      const mutations = sent.filter((s) => s.kind === "mutation");
      const mismatched = mutations.filter((s) => {
        const made = rooms.get(s.mark)?.createdAt.getTime();
        if (s.status === 201) return made === undefined;
        return made !== undefined && made > s.epoch + s.ms! + CLOCK_SLACK_MS;
      });
      assertEquals(
        mismatched.map((s) =>
          `${s.mark}: ${s.status}${s.key ? " (in a transaction)" : ""}, made ${
            rooms.has(s.mark)
              ? `${rooms.get(s.mark)!.createdAt.getTime() - s.epoch} ms after sending`
              : "never"
          }`
        ),
        [],
      );
      const unsure = mutations.filter((s) => s.key && s.status !== 201 && rooms.has(s.mark));
      console.log(`  keyed mutations answered 503 but committed, replayed: ${unsure.length}`);
      for (const s of unsure) {
        const replay = await fetch(`${base}/api/rooms`, {
          method: "POST",
          headers: { ...admin, "content-type": "application/json", "idempotency-key": s.key! },
          body: JSON.stringify({ name: s.mark }),
        });
        assertEquals(replay.status, 201, `${s.mark}'s replay`);
        assertEquals(replay.headers.get("idempotent-replayed"), "true");
        assertEquals((await replay.json()).id, rooms.get(s.mark)!.id);
      }
      const [{ made }] = await check<{ made: number }[]>`
        select count(*)::int as made from rooms where name like 'outage %'`;
      assertEquals(made, rooms.size, "a replay made no second room");
      assert(mutations.some((s) => s.status === 201) && mutations.some((s) => s.status === 503));
      passed = true;
    } finally {
      if (!passed && api) {
        console.log(`  the API's stderr: ${api.stderr()}`);
        console.log(`  the server's log: ${(await pg.log()).slice(-3_000)}`);
      }
      await check.end({ timeout: 1 }).catch(() => {});
      await api?.stop("SIGKILL");
      await pg.destroy();
    }
  },
});
