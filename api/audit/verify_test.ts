// GET /api/audit/verify over a trail too long for one statement (spec 3 §5): the
// check goes in keyset batches, each inside the statement deadline, carries the
// last hash across them, names a break in a later batch or at a batch's edge, and
// checks the trail as it was when it began while events keep being written.
//
// To make "too long" cheap and the same on any machine, the test slows the hash
// function of its own database to 2 ms an event (the hash it returns is unchanged)
// and checks through a second guard over the same connections with a 250 ms
// statement deadline (the client's own, so it holds for PGlite as for a server).
import { assert, assertEquals, assertRejects } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { guard, poolOf } from "../db/guard.ts";
import { isUnavailable } from "../db/unavailable.ts";
import { verifyChain } from "./repo.ts";

const EVENTS = 300;
const BATCH = 30;
const DEADLINE_MS = 250;

describeApp("verifying the audit trail in batches", async (t, app) => {
  const insert = (n: number) =>
    app.sql`
      insert into audit_events (actor_type, actor_name, action, target_type, target_name,
        prev_hash, hash)
      select 'system', 'Threshold', 'test.event', 'room', 'Room ' || n, '', ''
      from generate_series(1, ${n}) n`;
  await insert(EVENTS);
  const ids = (await app.sql<{ id: number }[]>`select id from audit_events order by id`)
    .map((r) => r.id);
  const newest = async () =>
    (await app.sql<{ id: number; hash: string }[]>`
      select id, hash from audit_events order by id desc limit 1`)[0];
  const expected = { ok: true, count: ids.length, lastHash: (await newest()).hash };
  assertEquals(await verifyChain(app.sql), expected, "one batch, at full speed");

  await app.sql`alter function audit_event_hash(text, audit_events) rename to audit_event_hash_fast`;
  await app.sql`
    create function audit_event_hash(prev text, e audit_events) returns text
    language plpgsql as $$
    begin
      perform pg_sleep(0.002);
      return audit_event_hash_fast(prev, e);
    end $$`;
  const pool = poolOf(app.sql)!;
  const short = guard(pool.raw, { ...pool.options, statementTimeoutMs: DEADLINE_MS }).sql;
  /** Tampering behind the triggers' back, as a superuser could. */
  const asSuperuser = (statement: string) =>
    app.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx.unsafe(statement);
    });

  await t.step("one statement for the whole trail outlasts the deadline", async () => {
    await assertRejects(() => verifyChain(short, EVENTS), (e: unknown) => isUnavailable(e));
    // Let the abandoned statement finish before the next ones queue behind it.
    await app.sql`select 1`;
  });

  await t.step("batches within the deadline verify the same trail", async () => {
    assertEquals(await verifyChain(short, BATCH), expected);
  });

  await t.step("an event altered in a later batch is named", async () => {
    const altered = ids[250];
    await asSuperuser(`update audit_events set target_name = 'Back Door' where id = ${altered}`);
    assertEquals(await verifyChain(short, BATCH), { ok: false, brokenAt: altered });
  });

  await t.step("an event removed at a batch's edge: the next one is named", async () => {
    // The first batch holds ids[0..29], the second ids[30..59]: remove its first.
    await asSuperuser(`delete from audit_events where id = ${ids[30]}`);
    assertEquals(await verifyChain(short, BATCH), { ok: false, brokenAt: ids[31] });
    assertEquals(await verifyChain(app.sql), { ok: false, brokenAt: ids[31] }, "one batch");
  });

  await t.step("events written meanwhile are left for the next check", async () => {
    // A fresh trail: the broken one cannot be repaired (the table refuses changes).
    await asSuperuser(`delete from audit_events`);
    await insert(100);
    const before = await newest();
    const [result] = await Promise.all([
      verifyChain(short, 10),
      (async () => {
        await new Promise((r) => setTimeout(r, 30)); // the check has begun
        for (let i = 0; i < 5; i++) await insert(2);
      })(),
    ]);
    assertEquals(result, { ok: true, count: 100, lastHash: before.hash });
    const after = await verifyChain(short, 10);
    assert(after.ok && after.count === 110, JSON.stringify(after));
  });
});
