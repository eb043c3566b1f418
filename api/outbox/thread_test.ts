// The outbox on its own thread (thread.ts), against a PostgreSQL server: it
// sends what is due with its own connections, signed as on the API's thread; a stop
// ends it and closes those connections; with the database away at start it keeps
// trying until stopped.
import { Webhook } from "standardwebhooks";
import { assert, assertEquals } from "../testing/assert.ts";
import { startReceiver } from "../testing/webhook_receiver.ts";
import { serverDatabaseTest } from "../db/test_db.ts";
import { createLogger } from "../http/logger.ts";
import { startOutboxThread } from "./thread.ts";
import { newSecret } from "../webhooks/signing.ts";

const log = createLogger("silent");
const options = (databaseUrl: string) => ({
  databaseUrl,
  database: { connectTimeoutMs: 500 },
  settings: { webhookAllowPrivate: true, smtpUrl: null, mail: "off" as const, pushSubject: "mailto:ops@threshold.test" },
  logLevel: "silent" as const,
});

serverDatabaseTest("outbox thread", async (t, { sql, url }) => {
  const receiver = startReceiver();
  try {
    // The thread's connections, named for it (thread.ts).
    const theirs = async () => {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name like 'threshold outbox%'`;
      return row.n;
    };

    await t.step("sends a due delivery from its thread, signed for the endpoint's secret", async () => {
      const [hook] = await sql<{ id: number; secret: string }[]>`insert into webhooks (url, event_types, secret)
        values (${receiver.url + "/thread"}, ${["lockdown.started"]}, ${newSecret()})
        returning id, secret`;
      const { ready, stop } = startOutboxThread(options(url), log);
      try {
        // Ready once connected: a thread's start loads its modules (and, under
        // `deno test`, type-checks them), seconds on a busy machine.
        let waited: ReturnType<typeof setTimeout> | undefined;
        const readyInTime = await Promise.race([
          ready.then(() => true),
          new Promise<false>((resolve) => (waited = setTimeout(() => resolve(false), 30_000))),
        ]);
        clearTimeout(waited);
        assert(readyInTime, "the thread said it is ready");
        assert(await theirs() > 0, "ready: connected");
        await sql`with e as (insert into events (type, subject_id) values ('webhook.test', ${hook.id}) returning id)
          insert into webhook_deliveries (webhook_id, event_id) select ${hook.id}, id from e`;
        await sql`select pg_notify('events', '0')`;
        for (let i = 0; i < 100 && !receiver.received.length; i++) await new Promise((r) => setTimeout(r, 50));
        const [got] = receiver.received;
        assert(got, "the delivery arrived");
        assertEquals(got.path, "/thread");
        const payload = new Webhook(hook.secret).verify(got.body, Object.fromEntries(got.headers)) as { type: string };
        assertEquals(payload.type, "webhook.test");
        let status = "";
        for (let i = 0; i < 100 && status !== "delivered"; i++) {
          [{ status }] = await sql<{ status: string }[]>`select status from webhook_deliveries where webhook_id = ${hook.id}`;
          if (status !== "delivered") await new Promise((r) => setTimeout(r, 50));
        }
        assertEquals(status, "delivered");
        assert(await theirs() > 0, "the thread holds connections of its own");
      } finally {
        await stop();
      }
      // A backend leaves pg_stat_activity just after its client has hung up.
      for (let i = 0; i < 40 && await theirs() > 0; i++) await new Promise((r) => setTimeout(r, 50));
      assertEquals(await theirs(), 0, "a stop closes the thread's connections");
    });

    await t.step("with the database away at start it keeps trying; after a stop it tries no more", async () => {
      // Where the database should be, something that hangs up on every connection.
      const away = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      let attempts = 0;
      (async () => {
        for await (const connection of away) {
          attempts++;
          connection.close();
        }
      })().catch(() => {});
      const target = new URL(url);
      target.port = String(away.addr.port);
      const { ready, stop } = startOutboxThread(options(target.toString()), log);
      let isReady = false;
      ready.then(() => (isReady = true));
      try {
        for (let i = 0; i < 300 && attempts < 2; i++) await new Promise((r) => setTimeout(r, 50));
        assert(attempts >= 2, `tried again after a failed attempt (${attempts} attempts)`);
        assertEquals(isReady, false, "not ready while it cannot reach the database");
        await stop();
        // Gone: no attempt after the stop, however long one would wait between them.
        const after = attempts;
        await new Promise((r) => setTimeout(r, 1_500));
        assertEquals(attempts, after);
      } finally {
        await stop();
        away.close();
      }
    });
  } finally {
    await receiver.stop();
  }
});
