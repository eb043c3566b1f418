// The database guard (guard.ts) against a PostgreSQL server of this test's own, so
// it can be slowed, cut, frozen and stopped: deadlines, the bounded wait, priorities,
// request scopes, a transaction's connection cut mid-statement, and the breaker: closed
// while only this process is saturated, open when the database hangs or stops.
import postgres from "postgres";
import { assert, assertEquals, assertRejects } from "../testing/assert.ts";
import { havePostgresBinaries, startPrivatePostgres } from "./private_postgres.ts";
import { connectServer, type DatabaseOptions, type Sql } from "./connect.ts";
import { background, newScope, withScope } from "./guard.ts";
import { DatabaseUnavailable, isUnavailable } from "./unavailable.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A transaction holding one of the pool's connections for `ms`: resolves once it holds it, `done` at its end. */
async function holdConnection(sql: Sql, ms: number): Promise<{ done: Promise<unknown> }> {
  const done = sql.begin(async (tx) => {
    await tx`select 1`;
    await sleep(ms);
  });
  await sleep(50);
  return { done };
}
const reason = (r: string) => (error: unknown) =>
  error instanceof DatabaseUnavailable && error.reason === r;

Deno.test({
  name: havePostgresBinaries()
    ? "the database guard: deadlines, bounded wait, scopes, cut connections, breaker"
    : "the database guard (skipped: no PostgreSQL server binaries here)",
  ignore: !havePostgresBinaries(),
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const pg = await startPrivatePostgres();
    const plain = postgres(pg.url, { max: 1, onnotice: () => {} });
    const opened: { close: () => Promise<void> }[] = [];
    const open = async (options: DatabaseOptions) => {
      const db = await connectServer(pg.url, options);
      opened.push(db);
      return db;
    };
    const marks = async () =>
      (await plain<{ n: number }[]>`select n from marks order by n`).map((r) => r.n);
    try {
      await plain`create table marks (n int)`;

      await t.step("an SQL error stays what it is and counts as an answer", async () => {
        const db = await open({ breakerFailures: 1 });
        await assertRejects(
          () => db.sql`select * from no_such_table`,
          (e: Error) => e instanceof postgres.PostgresError && !isUnavailable(e),
        );
        assertEquals(db.pool.breaker.state, "closed");
      });

      await t.step("a statement after one that failed part-way through its rows gets exactly its own rows", async () => {
        const db = await open({ max: 1 });
        // Three rows are sent, then the fourth fails (division by zero): postgres.js
        // keeps counting from there on the same connection (porsager/postgres#1181).
        await assertRejects(() => db.sql`select i, 1 / (4 - i) as boom from generate_series(1, 10) i`);
        const rows = await db.sql<{ x: number }[]>`select x from generate_series(1, 5) x`;
        assertEquals(rows.length, 5);
        assertEquals(rows.map((r) => r.x), [1, 2, 3, 4, 5]);
        const [one] = await db.sql<{ id: number }[]>`select 7 as id`;
        assertEquals(one, { id: 7 });
      });

      await t.step(
        "a statement not answered by its deadline: 503 then, and the server ends it too",
        async () => {
          const db = await open({ statementTimeoutMs: 300 });
          const start = performance.now();
          // Ours at 300 ms; the server's own (57014) 100 ms later, if this process lags.
          await assertRejects(() => db.sql`select pg_sleep(5)`, (e: unknown) => isUnavailable(e));
          const took = performance.now() - start;
          assert(took >= 290 && took < 1_000, `answered at the deadline (${took.toFixed(0)} ms)`);
          await sleep(300);
          const [running] = await plain`select count(*)::int as n from pg_stat_activity
          where query like 'select pg_sleep(5)%' and state = 'active'`;
          assertEquals(running.n, 0, "statement_timeout ended it in the server");
        },
      );

      await t.step(
        "a statement that waited past its deadline for a connection is never sent",
        async () => {
          const db = await open({ max: 1, statementTimeoutMs: 300 });
          const holder = await holdConnection(db.sql, 700);
          await assertRejects(() => db.sql`insert into marks values (1)`, reason("timeout"));
          await holder.done;
          await db.sql`select 1`; // the connection is free again
          await sleep(100);
          assertEquals(await marks(), []);
        },
      );

      await t.step(
        "too many waiting for a connection: refused at once, the rest still served",
        async () => {
          const db = await open({ max: 1, maxWaiting: 2, statementTimeoutMs: 2_000 });
          const holder = await holdConnection(db.sql, 400);
          const waiting = [db.sql`select 1 as x`.execute(), db.sql`select 2 as x`.execute()];
          await sleep(10); // postgres.js hands a query over a tick after execute()
          assertEquals(db.pool.waiting, 2);
          const start = performance.now();
          await assertRejects(() => db.sql`select 3`, reason("busy"));
          assert(performance.now() - start < 100, "refused without waiting");
          assertEquals((await Promise.all(waiting)).map(([r]) => r.x), [1, 2]);
          await holder.done;
        },
      );

      await t.step("a request's scope: once it is answered nothing more runs for it", async () => {
        const db = await open({ max: 1, statementTimeoutMs: 2_000 });
        const scope = newScope();
        const scoped = withScope(db.sql, scope);
        const holder = await holdConnection(db.sql, 400);
        // The request's transaction waits for the connection; the request is answered.
        const late = scoped.begin(async (tx) => {
          await tx`insert into marks values (2)`;
        });
        await sleep(50);
        scope.ended = true;
        await assertRejects(() => late, reason("abandoned"));
        await assertRejects(() => scoped`select 1`, reason("abandoned"));
        await holder.done;
        await sleep(100);
        assertEquals(await marks(), [], "its transaction rolled back without running");
        // A statement of a request that timed out closes the scope as well (here one
        // waiting for the connection, which the server never sees).
        const short = await open({ max: 1, statementTimeoutMs: 200 });
        const hold = await holdConnection(short.sql, 400);
        const timedOut = withScope(short.sql, newScope());
        await assertRejects(() => timedOut`select 1`, reason("timeout"));
        await assertRejects(() => timedOut`select 1`, reason("abandoned"));
        await hold.done;
        const other = withScope(short.sql, newScope());
        assertEquals((await other`select 1 as x`)[0].x, 1, "other requests go on");
      });

      await t.step(
        "a request's statements before the database first answered it: their deadline counts from its arrival",
        async () => {
          const db = await open({ max: 1, statementTimeoutMs: 600 });
          const holder = await holdConnection(db.sql, 1_500);
          // A request that came 200 ms ago (a busy process's queue) and has not been answered yet.
          const late = withScope(db.sql, newScope(Date.now() - 200));
          let start = performance.now();
          await assertRejects(() => late`select 1`, reason("timeout"));
          let waited = performance.now() - start;
          assert(waited < 500, `answered ${waited.toFixed(0)} ms after issue, 600 ms after arrival`);
          // Its transaction as well.
          const lateTx = withScope(db.sql, newScope(Date.now() - 200));
          start = performance.now();
          await assertRejects(() => lateTx.begin((tx) => tx`select 1`), reason("timeout"));
          assert(performance.now() - start < 500, "the transaction's wait for a connection too");
          // One that spent 5 s on something else first still waits half its deadline.
          const slowFirst = withScope(db.sql, newScope(Date.now() - 5_000));
          start = performance.now();
          await assertRejects(() => slowFirst`select 1`, reason("timeout"));
          waited = performance.now() - start;
          assert(waited >= 290, `waited ${waited.toFixed(0)} ms, half of 600`);
          await holder.done;
          // Once the database has answered it, each statement has its whole deadline again.
          const heard = withScope(db.sql, newScope(Date.now() - 400));
          await heard`select 1`;
          const hold = await holdConnection(db.sql, 500);
          assertEquals((await heard`select 2 as x`)[0].x, 2, "waited 450 ms for the connection: within its own 600");
          await hold.done;
        },
      );

      await t.step(
        "a transaction whose connection is cut mid-statement: 503, and the process lives on",
        async () => {
          const db = await open({ statementTimeoutMs: 5_000 });
          await assertRejects(
            () =>
              db.sql.begin(async (tx) => {
                const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
                setTimeout(() => plain`select pg_terminate_backend(${pid})`.catch(() => {}), 100);
                await tx`insert into marks values (3)`;
                await tx`select pg_sleep(2)`;
              }),
            (e: unknown) => isUnavailable(e),
          );
          // postgres.js would write its rollback to the closed socket from a setImmediate
          // and end the process (porsager/postgres#1154): give it the chance to.
          await sleep(300);
          assertEquals((await db.sql`select 1 as x`)[0].x, 1);
          assertEquals(await marks(), []);
        },
      );

      await t.step(
        "a saturated pool is not an outage: statements past their deadlines, the breaker stays closed",
        async () => {
          const changes: string[] = [];
          const db = await open({
            max: 2,
            maxWaiting: 20,
            statementTimeoutMs: 600,
            breakerFailures: 2,
            probeMs: 50,
            onBreaker: (state) => changes.push(state),
          });
          // 40 statements of 250 ms at once on 2 connections: 4 are answered, 2 more are
          // sent and not answered by their deadline, the rest time out waiting or are
          // refused at once (20 may wait).
          const outcomes = await Promise.all(
            Array.from({ length: 40 }, () =>
              db.sql`select pg_sleep(0.25)`.then(
                () => "answered",
                (e: unknown) => e instanceof DatabaseUnavailable ? e.reason : String(e),
              )),
          );
          const count = (what: string) => outcomes.filter((o) => o === what).length;
          assert(count("answered") >= 2, `some answered: ${outcomes}`);
          assert(count("timeout") >= 2, `more than breakerFailures timed out: ${outcomes}`);
          assert(count("busy") >= 10, `the wait was full: ${outcomes}`);
          assertEquals(count("down"), 0, `never refused as down: ${outcomes}`);
          await sleep(100); // the probe the timeouts asked for
          assert(db.pool.breaker.probes >= 1, "the timeouts made it probe");
          assertEquals(db.pool.breaker.state, "closed");
          assertEquals(changes, [], "it never opened");
          assertEquals((await db.sql`select 1 as x`)[0].x, 1);
        },
      );

      await t.step("foreground work goes first; background work is shed first", async () => {
        const db = await open({ max: 1, maxWaiting: 2, statementTimeoutMs: 2_000 });
        const order: string[] = [];
        const holder = await holdConnection(db.sql, 300);
        const later = background(db.sql);
        const first = later`select 1`.then(() => order.push("background 1"), (e) => order.push(`background 1 ${e.reason}`));
        const second = later`select 2`.then(() => order.push("background 2"), (e) => order.push(`background 2 ${e.reason}`));
        await sleep(10);
        assertEquals(db.pool.waiting, 2, "the wait is full");
        const start = performance.now();
        const urgent = db.sql`select 3`.then(() => order.push("foreground"));
        await sleep(10);
        assertEquals(order, ["background 2 busy"], "the newest background statement made room, at once");
        assert(performance.now() - start < 100);
        // Another background statement finds the wait full and nothing below it: refused.
        await assertRejects(() => later`select 4`, reason("busy"));
        await Promise.all([holder.done, first, second, urgent]);
        assertEquals(order, ["background 2 busy", "foreground", "background 1"]);
      });

      await t.step("background work holds a quarter of the pool; foreground finds the rest free", async () => {
        const db = await open({ max: 8, statementTimeoutMs: 2_000 }); // background: 2
        const slow = Array.from({ length: 4 }, () => background(db.sql)`select pg_sleep(0.3)`.execute());
        await sleep(100);
        assertEquals([db.pool.inUse, db.pool.waiting], [2, 2]);
        const start = performance.now();
        await Promise.all(Array.from({ length: 6 }, () => db.sql`select 1`));
        const took = performance.now() - start;
        assert(took < 200, `foreground found six connections free (${took.toFixed(0)} ms)`);
        await Promise.all(slow);
      });

      await t.step(
        "a database that hangs: the statement's timeout makes it probe, the probe fails, the breaker opens",
        async () => {
          const db = await open({ statementTimeoutMs: 300, connectTimeoutMs: 300, probeMs: 100 });
          await db.sql`select 1`;
          await pg.pause();
          try {
            await assertRejects(() => db.sql`select 1`, reason("timeout"));
            const start = performance.now();
            while (db.pool.breaker.state === "closed") {
              assert(performance.now() - start < 3_000, "opened within 3 s");
              await sleep(20);
            }
            await assertRejects(() => db.sql`select 1`, reason("down"));
          } finally {
            await pg.resume();
          }
          const back = performance.now();
          while (db.pool.breaker.state === "open") {
            assert(performance.now() - back < 2_000, "closed within 2 s of the database's return");
            await sleep(10);
          }
          assertEquals((await db.sql`select 1 as x`)[0].x, 1);
        },
      );

      await t.step(
        "the database stopped: fail fast, the breaker opens, probes, closes within 1 s of the restart",
        async () => {
          const db = await open({ breakerFailures: 3, probeMs: 100, statementTimeoutMs: 900 });
          await db.sql`select 1`;
          await pg.stop("fast");
          try {
            for (let i = 0; i < 3; i++) {
              const start = performance.now();
              await assertRejects(() => db.sql`select 1`, (e: unknown) => isUnavailable(e));
              assert(performance.now() - start < 500, "a refused connection fails at once");
            }
            assertEquals(db.pool.breaker.state, "open");
            const start = performance.now();
            await assertRejects(() => db.sql`select 1`, reason("down"));
            await assertRejects(() => db.sql.begin((tx) => tx`select 1`), reason("down"));
            assert(performance.now() - start < 50, "refused without trying while open");
            await sleep(350);
            assert(db.pool.breaker.probes >= 2, `probing while down (${db.pool.breaker.probes})`);
          } finally {
            await pg.start();
          }
          const back = performance.now();
          while (db.pool.breaker.state === "open") {
            assert(performance.now() - back < 1_000, "closed within 1 s of the restart");
            await sleep(10);
          }
          assertEquals((await db.sql`select 1 as x`)[0].x, 1);
        },
      );
    } finally {
      for (const db of opened) await db.close().catch(() => {});
      await plain.end({ timeout: 1 }).catch(() => {});
      await pg.destroy();
    }
  },
});
