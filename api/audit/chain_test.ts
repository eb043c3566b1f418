// The audit trail's tamper evidence (spec 3 §5): the chain the database writes,
// the refusal of UPDATE, DELETE and TRUNCATE, an event altered behind the
// trigger's back as the database superuser and named by /api/audit/verify, and
// pruning that keeps the chain verifiable and records itself.
import { assert, assertEquals, assertRejects } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { pruneAudit } from "./prune.ts";
import { cutOff } from "../cli/prune_audit.ts";

describeApp("the audit chain", async (t, app) => {
  await addUser(app.sql, { email: "admin@example.com", admin: true });
  const admin = await app.login("admin@example.com");
  const verify = async () => (await admin.request("GET", "/api/audit/verify")).json;

  // A few changes of different kinds, some at once from parallel requests.
  await Promise.all(
    Array.from(
      { length: 8 },
      (_, i) => admin.request("POST", "/api/rooms", { body: { name: `Room ${i}` } }),
    ),
  );
  const room = (await admin.request("POST", "/api/rooms", { body: { name: "Lobby" } })).json;
  await admin.request("PUT", `/api/rooms/${room.id}`, { body: { name: "Main Lobby" } });
  const count = async () =>
    (await app.sql`select count(*)::int as n from audit_events`)[0].n as number;

  await t.step("every event links to the one before and verifies", async () => {
    const rows = await app.sql<{ id: number; prevHash: string; hash: string }[]>`
      select id, prev_hash, hash from audit_events order by id`;
    assertEquals(rows[0].prevHash, "0".repeat(64));
    for (let i = 1; i < rows.length; i++) assertEquals(rows[i].prevHash, rows[i - 1].hash);
    assertEquals(new Set(rows.map((r) => r.hash)).size, rows.length);
    assertEquals(await verify(), { ok: true, count: rows.length, lastHash: rows.at(-1)!.hash });
  });

  await t.step("UPDATE, DELETE and TRUNCATE are refused", async () => {
    const before = await count();
    for (
      const statement of [
        () => app.sql`update audit_events set actor_name = 'Nobody'`,
        () => app.sql`delete from audit_events`,
        () => app.sql`truncate audit_events`,
      ]
    ) {
      await assertRejects(async () => await statement(), {
        message: /cannot be changed or deleted/,
      });
    }
    assertEquals(await count(), before);
    assertEquals((await verify()).ok, true);
  });

  await t.step("an event altered as the superuser, bypassing the trigger, is named", async () => {
    const [target] = await app.sql<{ id: number }[]>`
      select id from audit_events where action = 'room.update'`;
    await app.sql.begin(async (tx) => {
      // Triggers do not fire for a replica session: what a superuser could do.
      await tx`set local session_replication_role = replica`;
      await tx`update audit_events set changes = '{"name": ["Lobby", "Back Door"]}'
        where id = ${target.id}`;
    });
    assertEquals(await verify(), { ok: false, brokenAt: target.id });
    const page = (await admin.request("GET", "/api/audit")).json;
    assertEquals(page.items[0].changes, { name: ["Lobby", "Back Door"] }, "it is shown as stored");
  });
});

describeApp("pruning the audit trail", async (t, app) => {
  await addUser(app.sql, { email: "admin@example.com", admin: true });
  const admin = await app.login("admin@example.com");
  const verify = async () => (await admin.request("GET", "/api/audit/verify")).json;
  for (let i = 0; i < 5; i++) {
    await admin.request("POST", "/api/rooms", { body: { name: `Old ${i}` } });
  }
  // Just after the last of them, from the events themselves: the clock read on another
  // connection of the pool has been seen earlier than an event already written.
  const [{ at: cut }] = await app.sql<{ at: Date }[]>`select date_trunc('milliseconds', max(at)) + interval '1 millisecond' as at from audit_events`;
  for (let i = 0; i < 3; i++) {
    await admin.request("POST", "/api/rooms", { body: { name: `New ${i}` } });
  }

  await t.step(
    "the oldest events go, the chain still verifies, the prune is recorded",
    async () => {
      const before = (await app.sql`select count(*)::int as n from audit_events`)[0].n;
      // Two at a time: several delete statements in the one transaction.
      const pruned = await pruneAudit(app.sql, cut, 2);
      assert(pruned.count >= 6, `${pruned.count} pruned (5 rooms and the sign-in)`);
      const rows = await app.sql<{ action: string; changes: Record<string, unknown[]> }[]>`
      select action, changes from audit_events order by id`;
      assertEquals(rows.length, before - pruned.count + 1);
      assertEquals(rows.filter((r) => r.action === "room.create").length, 3);
      const prune = rows.at(-1)!;
      assertEquals(prune.action, "audit.prune");
      assertEquals([prune.changes.count[1], prune.changes.through[1]], [
        pruned.count,
        pruned.throughId,
      ]);
      assertEquals((await verify()).ok, true);
    },
  );

  await t.step("a run that removes nothing is recorded too", async () => {
    // Nothing older is left to prune.
    assertEquals(await pruneAudit(app.sql, cut), { count: 0, throughId: null });
    const [last] = await app.sql<{ action: string; changes: Record<string, unknown[]> }[]>`
      select action, changes from audit_events order by id desc limit 1`;
    assertEquals(last.action, "audit.prune");
    assertEquals(last.changes, {
      before: [null, cut.toISOString()],
      count: [null, 0],
      through: [null, null],
      anchor: [null, null],
    });
    assertEquals((await verify()).ok, true);
  });

  await t.step("a delete stands only behind a prune event naming how far", async () => {
    const rows = async () =>
      (await app.sql<{ id: number }[]>`select id from audit_events order by id`).map((r) => r.id);
    const ids = await rows();
    // The setting 014 trusted, which any session can set, opens nothing now.
    await assertRejects(
      () =>
        app.sql.begin(async (tx) => {
          await tx`select set_config('threshold.audit_prune_through', '2147483647', true)`;
          await tx`delete from audit_events where id = ${ids[0]}`;
        }),
      Error,
      "cannot be changed or deleted",
    );
    // A prune event covers what is older than it and at most its `through`.
    await assertRejects(
      () =>
        app.sql.begin(async (tx) => {
          await tx`insert into audit_events (actor_type, actor_name, action, changes,
            prev_hash, hash)
            values ('system', 'Threshold', 'audit.prune', ${
            tx.json({ through: [null, ids[0]] })
          }, '', '')`;
          await tx`delete from audit_events where id <= ${ids[1]}`;
        }),
      Error,
      "cannot be changed or deleted",
    );
    // Nor does an older prune event cover anything newer than itself.
    await assertRejects(
      () => app.sql`delete from audit_events where id = ${ids.at(-1)!}`,
      Error,
      "cannot be changed or deleted",
    );
    assertEquals(await rows(), ids);
  });

  await t.step("deleting the oldest events without the prune is caught", async () => {
    const [first] = await app.sql<{ id: number }[]>`select min(id)::int as id from audit_events`;
    await app.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`delete from audit_events where id = ${first.id}`;
    });
    const result = await verify();
    assertEquals(result.ok, false);
  });

  await t.step("the command's cut-off: a date or days kept, one of them", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    assertEquals(cutOff({ before: "2026-01-01" }).toISOString(), "2026-01-01T00:00:00.000Z");
    assertEquals(cutOff({ "keep-days": "30" }, now).toISOString(), "2026-10-26T12:00:00.000Z");
    for (
      const bad of [{}, { before: "soon" }, { "keep-days": "0" }, { "keep-days": "1e3" }, {
        before: "2026-01-01",
        "keep-days": "3",
      }]
    ) {
      let threw = false;
      try {
        cutOff(bad);
      } catch {
        threw = true;
      }
      assert(threw, JSON.stringify(bad));
    }
  });

  await t.step("pruning every event leaves its own event, linked to its anchor", async () => {
    const pruned = await pruneAudit(app.sql, new Date(Date.now() + 60_000));
    assert(pruned.count > 0);
    const rows = await app.sql<{ action: string; prevHash: string; changes: Record<string, unknown[]> }[]>`
      select action, prev_hash, changes from audit_events order by id`;
    assertEquals(rows.map((r) => r.action), ["audit.prune"]);
    assertEquals(rows[0].prevHash, rows[0].changes.anchor[1]);
    assertEquals((await verify()).ok, true, "the trail broken above is gone with it");
  });
});
