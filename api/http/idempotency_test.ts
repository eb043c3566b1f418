// Idempotency-Key semantics on real routes of a real app: the handler and its
// recorded answer commit together, so a replay never does the work twice.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, sessionCookie, TEST_ORIGIN, TEST_PASSWORD } from "../testing/test_app.ts";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { freshDatabase, serverDatabaseTest } from "../db/test_db.ts";
import { connectServer, type Database } from "../db/connect.ts";
import { startPgProxy } from "../testing/pg_proxy.ts";
import { createLogger } from "./logger.ts";
import { allow } from "../auth/access.ts";
import { audit } from "../audit/record.ts";
import { badRequest } from "./errors.ts";
import { keyLockName } from "./idempotency.ts";
import { body } from "./validate.ts";
import { z } from "zod";
import postgres from "postgres";

/**
 * A real app on `db` with a test route that writes one row of `effects` a call, then
 * answers success, a refusal or a crash (an admin change, so it records its audit
 * event like every real one), and an admin signed in to call it.
 */
async function effectsApp(db: Database) {
  const app = createApp({ sql: db.sql, listen: db.listen, config: loadConfig({}), log: createLogger("silent") });
  const schema = z.object({ name: z.string() });
  app.post("/api/test/effects", allow.admin, async (c) => {
    const { name } = await body(c, schema);
    const [row] = await c.var.sql`insert into effects (name) values (${name}) returning id, name`;
    if (name === "refuse") throw badRequest("refused after writing");
    if (name === "crash") throw new Error("boom");
    if (name === "slow") await new Promise((r) => setTimeout(r, 300));
    audit(c, { action: "effect.create", target: { type: "effect", id: row.id, name } });
    return c.json(row, 201);
  });
  await db.sql`create table effects (id serial primary key, name text not null)`;
  await addUser(db.sql, { email: "admin@example.com", admin: true });
  const signIn = await app.request(new URL("/api/auth/login", TEST_ORIGIN), {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: TEST_PASSWORD }),
  });
  const cookie = sessionCookie(signIn.headers);
  const post = async (name: string, key?: string) => {
    const headers: Record<string, string> = {
      origin: TEST_ORIGIN,
      cookie,
      "content-type": "application/json",
    };
    if (key !== undefined) headers["idempotency-key"] = key;
    const res = await app.request(new URL("/api/test/effects", TEST_ORIGIN), {
      method: "POST",
      headers,
      body: JSON.stringify({ name }),
    });
    return {
      status: res.status,
      json: await res.json(),
      replayed: res.headers.get("idempotent-replayed"),
    };
  };
  const effects = async (name: string) =>
    (await db.sql`select count(*)::int as n from effects where name = ${name}`)[0].n;
  return { app, post, effects };
}

/** Whether a request holds the key's lock: it is running (idempotency.ts). */
async function keyHeld(db: Database, userId: number, key: string): Promise<boolean> {
  const [{ held }] = await db.sql<{ held: boolean }[]>`
    select exists (select 1 from pg_locks where locktype = 'advisory' and objsubid = 1 and granted
      and ((classid::bigint << 32) | objid::bigint) = hashtextextended(${keyLockName(userId, key)}, 0)) as held`;
  return held;
}

Deno.test({
  name: "Idempotency-Key",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const db = await freshDatabase();
    const { app, post, effects } = await effectsApp(db);

    try {
      await t.step(
        "the same key and payload answer the first result without a second effect",
        async () => {
          const first = await post("Night Shift", "key-1");
          const again = await post("Night Shift", "key-1");
          assertEquals(first.status, 201);
          assertEquals(again, { ...first, replayed: "true" });
          assertEquals(await effects("Night Shift"), 1);
        },
      );

      await t.step("without a key every call has its effect", async () => {
        await post("Day Shift");
        await post("Day Shift");
        assertEquals(await effects("Day Shift"), 2);
      });

      await t.step("the same key with another payload is 422", async () => {
        const res = await post("Other", "key-1");
        assertEquals(res.status, 422);
        assertEquals(
          res.json.error,
          "This Idempotency-Key was already used for a different request",
        );
        assertEquals(await effects("Other"), 0);
      });

      await t.step("a key still running is 409 (embedded: waits, then replays)", async () => {
        const slow = post("slow", "key-slow");
        // The first holds the key (not a guess at how long that takes). On PGlite's
        // one connection that shows once the first is done: its answer is recorded.
        const [{ id }] = await db.sql<{ id: number }[]>`select id from users where email = 'admin@example.com'`;
        while (!(db.mode === "server" ? await keyHeld(db, id, "key-slow") : (await db.sql`select 1 from idempotency_keys where key = 'key-slow'`).length)) {
          await new Promise((r) => setTimeout(r, 5));
        }
        const concurrent = await post("slow", "key-slow");
        // PGlite has one connection, so the second request can only start once
        // the first has committed; either way the work happens once.
        if (db.mode === "server") assertEquals(concurrent.status, 409);
        else assertEquals([concurrent.status, concurrent.replayed], [201, "true"]);
        assertEquals((await slow).status, 201);
        assertEquals(await effects("slow"), 1);
        assertEquals((await post("slow", "key-slow")).replayed, "true");
      });

      await t.step(
        "a refusal rolls back its writes and is replayed as the same refusal",
        async () => {
          const res = await post("refuse", "key-refuse");
          assertEquals(res.status, 400);
          assertEquals(await effects("refuse"), 0);
          const again = await post("refuse", "key-refuse");
          assertEquals(again.status, 400);
          assertEquals(again.replayed, "true");
        },
      );

      await t.step("a crash rolls back and releases the key for a retry", async () => {
        const res = await post("crash", "key-crash");
        assertEquals(res.status, 500);
        assertEquals(await effects("crash"), 0);
        const [row] = await db.sql`select 1 from idempotency_keys where key = 'key-crash'`;
        assertEquals(row, undefined);
      });

      await t.step("keys are scoped to the user", async () => {
        await addUser(db.sql, { email: "admin2@example.com", admin: true });
        const login2 = await app.request(new URL("/api/auth/login", TEST_ORIGIN), {
          method: "POST",
          headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
          body: JSON.stringify({ email: "admin2@example.com", password: TEST_PASSWORD }),
        });
        const res = await app.request(new URL("/api/test/effects", TEST_ORIGIN), {
          method: "POST",
          headers: {
            origin: TEST_ORIGIN,
            cookie: sessionCookie(login2.headers),
            "content-type": "application/json",
            "idempotency-key": "key-1",
          },
          body: JSON.stringify({ name: "Night Shift" }),
        });
        assertEquals(res.status, 201);
        assertEquals(res.headers.get("idempotent-replayed"), null);
        assertEquals(await effects("Night Shift"), 2);
      });

      await t.step("keys older than 24 hours are forgotten", async () => {
        await db
          .sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'key-1'`;
        const res = await post("Night Shift", "key-1");
        assertEquals(res.replayed, null);
        assertEquals(await effects("Night Shift"), 3);
      });

      await t.step("a malformed key is 400", async () => {
        const res = await post("x", "has spaces in it");
        assertEquals(res.status, 400);
        assert(res.json.error.includes("Idempotency-Key"));
      });
    } finally {
      await db.close();
    }
  },
});

// A COMMIT that PostgreSQL carried out but whose acknowledgement never arrived (a fast
// shutdown can end a session between the two): the API cannot know the outcome, so it
// answers 503, and the caller replays with its key. The replay must find the answer
// recorded with the work, never do the work again.
serverDatabaseTest("Idempotency-Key: a commit whose acknowledgement is lost", async (t, direct) => {
  const proxy = startPgProxy(direct.url);
  const db = await connectServer(proxy.url, { statementTimeoutMs: 30_000 });
  try {
    const { post, effects } = await effectsApp(db);
    await t.step("503 at first; the replay answers the recorded 201, one effect", async () => {
      proxy.loseNextCommit();
      const first = await post("Unsure", "key-unsure");
      assert(proxy.cut, "the COMMIT's acknowledgement was cut off");
      assertEquals(first.status, 503);
      assertEquals(first.json.error, "The database is not available");
      assertEquals(await effects("Unsure"), 1, "it committed all the same");
      const replay = await post("Unsure", "key-unsure");
      assertEquals([replay.status, replay.replayed], [201, "true"]);
      assertEquals(replay.json.name, "Unsure");
      assertEquals(await effects("Unsure"), 1);
    });
  } finally {
    await db.close();
    proxy.close();
  }
});

// A process that died mid-request (a crash, a kill, a lost machine) held its key's lock
// on its own connection: PostgreSQL ends that session and the lock with it, so the
// outbox's replay does the work at once. (Before, a key stayed 'running' and answered
// 409 for a minute, and a request slower than that could be run twice.)
serverDatabaseTest("Idempotency-Key: the key of a request whose process died is free at once", async (t, db) => {
  const { post, effects } = await effectsApp(db);
  const [{ id }] = await db.sql<{ id: number }[]>`select id from users where email = 'admin@example.com'`;
  const other = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    const process = await other.reserve();
    await process`begin`;
    await process`select pg_advisory_xact_lock(hashtextextended(${keyLockName(id, "key-dead")}, 0))`;
    const [{ pid }] = await process<{ pid: number }[]>`select pg_backend_pid() as pid`;

    await t.step("while that request runs, its replay is 409 and does nothing", async () => {
      const res = await post("Dead", "key-dead");
      assertEquals([res.status, res.json.error], [409, "A request with this Idempotency-Key is still in progress"]);
      assertEquals(await effects("Dead"), 0);
    });

    await t.step("once its process is gone, the replay does the work, once", async () => {
      await db.sql`select pg_terminate_backend(${pid})`;
      while (await keyHeld(db, id, "key-dead")) await new Promise((r) => setTimeout(r, 5));
      const res = await post("Dead", "key-dead");
      assertEquals([res.status, res.replayed], [201, null]);
      assertEquals(await effects("Dead"), 1);
      assertEquals((await post("Dead", "key-dead")).replayed, "true");
      assertEquals(await effects("Dead"), 1);
    });
  } finally {
    await other.end({ timeout: 1 });
  }
});
