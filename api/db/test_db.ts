// Each test file gets its own fresh, migrated database: a new database on the
// server named by DATABASE_URL, or an in-memory PGlite without it. Its statements
// get a generous deadline: the suite runs files in parallel on small machines,
// where a 10,000-row seed can take longer than the production default (900 ms);
// the tests of the deadlines themselves set their own (db/guard_test.ts,
// db/outage_test.ts, access/decisions_test.ts).
import postgres from "postgres";
import { connectEmbedded, connectServer, type Database } from "./connect.ts";
import { migrate } from "./migrate.ts";

const TEST_STATEMENT_TIMEOUT_MS = 30_000;

export async function freshDatabase(): Promise<Database> {
  const url = Deno.env.get("DATABASE_URL");
  if (!url) {
    const db = await connectEmbedded("memory://", { statementTimeoutMs: TEST_STATEMENT_TIMEOUT_MS });
    await migrate(db.sql);
    return db;
  }
  return await freshServerDatabase(url);
}

/**
 * A test of steps that needs a PostgreSQL server (DATABASE_URL), ignored without one:
 * it gets a fresh, migrated database there and its URL, for the API processes or
 * threads it starts (the embedded database belongs to one thread). Dropped at the end.
 */
export function serverDatabaseTest(
  name: string,
  fn: (t: Deno.TestContext, db: Database & { url: string }) => Promise<void>,
) {
  const url = Deno.env.get("DATABASE_URL");
  Deno.test({
    name,
    ignore: !url,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const db = await freshServerDatabase(url!);
      try {
        await fn(t, db);
      } finally {
        await db.close();
      }
    },
  });
}

/** A new, migrated database on the server of `url`: closing the pool drops it. */
async function freshServerDatabase(url: string): Promise<Database & { url: string }> {
  const created = await createServerDatabase(url);
  const db = await connectServer(created.url, { max: 4, statementTimeoutMs: TEST_STATEMENT_TIMEOUT_MS });
  await migrate(db.sql);
  return {
    ...db,
    url: created.url,
    close: async () => {
      await db.close();
      await created.drop();
    },
  };
}

/** A new, empty database on the server of `url`: its URL and its drop. */
async function createServerDatabase(url: string) {
  const name = `threshold_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
