// One SQL code path for both modes: postgres.js always speaks the wire protocol,
// either to a real server (DATABASE_URL) or to PGlite behind pglite-socket.
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** The pool: runs queries, begins transactions, closes. */
export type Sql = postgres.Sql;
/** Anything that runs queries, the pool or a transaction: what repo functions take. */
export type Queries = postgres.ISql;
export type Database = { sql: Sql; mode: "server" | "embedded"; close: () => Promise<void> };

const options = {
  transform: postgres.camel,
  onnotice: () => {},
  connection: { application_name: "threshold" },
} as const;

export class DatabaseError extends Error {}

export async function connectServer(url: string, max = 10): Promise<Database> {
  const sql = postgres(url, { ...options, max, connect_timeout: 10 }) as unknown as Sql;
  await ping(sql, `cannot reach the database at DATABASE_URL`);
  return { sql, mode: "server", close: () => sql.end({ timeout: 5 }) };
}

/** dataDir "memory://" keeps the database in memory (tests). */
export async function connectEmbedded(dataDir: string): Promise<Database> {
  const release = dataDir.startsWith("memory://") ? () => {} : await lockDataDir(dataDir);
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 1 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  // PGlite is single-connection; one pooled connection keeps transactions whole.
  const sql = postgres({
    ...options,
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
    max: 1,
  }) as unknown as Sql;
  await ping(sql, `cannot open the embedded database in ${dataDir}`);
  return {
    sql,
    mode: "embedded",
    close: async () => {
      await sql.end({ timeout: 5 });
      await server.stop();
      await db.close();
      release();
    },
  };
}

async function ping(sql: Sql, message: string) {
  try {
    await sql`select 1`;
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    throw new DatabaseError(`${message}: ${(error as Error).message}`);
  }
}

// PGlite has no lock of its own: two processes on one folder would corrupt it.
async function lockDataDir(dataDir: string): Promise<() => void> {
  await Deno.mkdir(dataDir, { recursive: true });
  const path = `${dataDir}/threshold.lock`;
  try {
    const existing = Number(await Deno.readTextFile(path));
    if (existing && existing !== Deno.pid && isAlive(existing)) {
      throw new DatabaseError(
        `${dataDir} is in use by another Threshold process (pid ${existing})`,
      );
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  await Deno.writeTextFile(path, String(Deno.pid));
  return () => {
    try {
      Deno.removeSync(path);
    } catch { /* already gone */ }
  };
}

function isAlive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}
