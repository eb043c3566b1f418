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
  const fresh = await freshServerDatabase(url);
  const db = await connectServer(fresh.url, { max: 4, statementTimeoutMs: TEST_STATEMENT_TIMEOUT_MS });
  await migrate(db.sql);
  return {
    ...db,
    close: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}

/** A new, empty database on the server of `url` (for API processes a test starts): its URL and its drop. */
export async function freshServerDatabase(url: string) {
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
