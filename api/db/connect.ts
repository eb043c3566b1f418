// One SQL code path for both modes: postgres.js always speaks the wire protocol,
// either to a real server (DATABASE_URL) or to PGlite behind pglite-socket. Either
// way the pool is guarded (guard.ts): deadlines, a breaker, a bounded wait.
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { guard, type GuardOptions, type Pool } from "./guard.ts";
import { type Listen, notificationHub } from "./notifications.ts";

/** The pool: runs queries, begins transactions, closes. Guarded (guard.ts). */
export type Sql = postgres.Sql;
/** Anything that runs queries, the pool or a transaction: what repo functions take. */
export type Queries = postgres.ISql;
export type Database = {
  sql: Sql;
  mode: "server" | "embedded";
  /** The guard's state: breaker, slots, clock offset. */
  pool: Pool;
  /** LISTEN to what any process NOTIFYs (notifications.ts). */
  listen: Listen;
  close: () => Promise<void>;
};

/** How the pool deals with a database that is slow or away (see README, Configuration). */
export type DatabaseOptions = {
  /** Connections in the pool. */
  max?: number;
  /** Opening a connection. */
  connectTimeoutMs?: number;
  /** Each statement, client and server side; 0: no deadline (bulk loads). */
  statementTimeoutMs?: number;
  /** Statements that may wait for a connection; more are refused at once. */
  maxWaiting?: number;
  /** Consecutive failures that open the breaker, and the time between its probes. */
  breakerFailures?: number;
  probeMs?: number;
  onBreaker?: GuardOptions["onBreaker"];
  /** PostgreSQL's application_name of the pool; its probe and listener add " probe", " listen". */
  applicationName?: string;
  /**
   * "off": commits answer before their WAL is flushed (a crash may lose the last
   * ones, never part of one). Only for work that is done again when lost: the outbox.
   */
  synchronousCommit?: "on" | "off";
  /**
   * Opens every connection of the pool before answering (the API process, before it
   * listens): else the first burst of requests after a start, every door coming back at
   * once, waits for connections to be opened one after another.
   */
  openAll?: boolean;
};

export const DATABASE_DEFAULTS = {
  max: 10,
  connectTimeoutMs: 1_000,
  statementTimeoutMs: 900,
  maxWaiting: 500,
  breakerFailures: 5,
  probeMs: 250,
  applicationName: "threshold",
  synchronousCommit: "on",
  openAll: false,
} as const;

/**
 * The embedded database's statement and connect deadlines unless given: PGlite runs in this
 * process, one statement at a time and several times slower than a server, and it
 * cannot be away while the API runs, so it gets a deadline for what is slow, not
 * for a database that does not answer.
 */
export const EMBEDDED_STATEMENT_TIMEOUT_MS = 10_000;

/** PostgreSQL's statement_timeout is the statement deadline plus this. */
const SERVER_GRACE_MS = 100;

const options = {
  transform: postgres.camel,
  onnotice: () => {},
} as const;

export class DatabaseError extends Error {}

type Settings = Required<Omit<DatabaseOptions, "onBreaker">> & Pick<DatabaseOptions, "onBreaker">;

function settingsOf(given: number | DatabaseOptions | undefined): Settings {
  const o = typeof given === "number" ? { max: given } : given ?? {};
  return {
    ...DATABASE_DEFAULTS,
    ...Object.fromEntries(
      Object.entries(o).filter(([, v]) => v !== undefined),
    ),
  } as Settings;
}

/** postgres.js options for deadlines: connect_timeout, a short constant backoff, statement_timeout. */
function driverOptions(s: Settings) {
  return {
    ...options,
    max: s.max,
    connect_timeout: s.connectTimeoutMs / 1000,
    // postgres.js waits 0.5–20 s (growing with each failure) before reconnecting;
    // the breaker paces attempts instead, so the pool reconnects at once on demand.
    backoff: () => 0.05,
    connection: {
      application_name: s.applicationName,
      synchronous_commit: s.synchronousCommit,
      // The server's own deadline, a little after the caller's: the caller is answered
      // at its deadline, and the server ends the statement just after.
      ...(s.statementTimeoutMs > 0
        ? { statement_timeout: s.statementTimeoutMs + SERVER_GRACE_MS }
        : {}),
    },
  };
}

/**
 * The guarded pool over a driver, checked with one query (`failed` says what could
 * not be reached). Closing stops the guard, ends the driver, then runs `afterClose`.
 */
async function opened(
  mode: Database["mode"],
  raw: Sql,
  s: Settings,
  probe: () => Promise<number>,
  failed: string,
  notifications: { hub: ReturnType<typeof notificationHub>; client: Sql },
  afterClose = async () => {},
): Promise<Database> {
  const pool = guarded(raw, s, probe);
  pool.clockOffsetMs = await ping(raw, failed);
  // postgres.js opens a connection for each statement that finds none idle, up to max.
  if (s.openAll) await Promise.all(Array.from({ length: s.max }, () => raw`select 1`));
  notifications.hub.attach(notifications.client);
  return {
    sql: pool.sql,
    mode,
    pool,
    listen: notifications.hub.listen,
    close: async () => {
      notifications.hub.stop();
      pool.stop();
      if (notifications.client !== raw) await notifications.client.end({ timeout: 1 });
      await raw.end({ timeout: 5 });
      await afterClose();
    },
  };
}

function guarded(raw: Sql, s: Settings, probe: () => Promise<number>): Pool {
  return guard(raw, {
    slots: s.max,
    maxWaiting: s.maxWaiting,
    // Background work (guard.ts) on a quarter of the pool: with 10, 2 connections catch
    // doors up after a restart while 8 are free for lockdowns and decisions.
    backgroundSlots: Math.max(1, Math.floor(s.max / 4)),
    statementTimeoutMs: s.statementTimeoutMs,
    breakerFailures: s.breakerFailures,
    probeMs: s.probeMs,
    probe,
    probeTimeoutMs: s.connectTimeoutMs + Math.max(s.statementTimeoutMs, 1_000),
    onBreaker: s.onBreaker,
  });
}

export async function connectServer(
  url: string,
  given?: number | DatabaseOptions,
): Promise<Database> {
  const s = settingsOf(given);
  const raw = postgres(url, driverOptions(s)) as unknown as Sql;
  const probe = async () => {
    // A fresh connection each time: one of the pool's might be stuck on a dead socket.
    const client = postgres(url, {
      ...driverOptions(s),
      max: 1,
      fetch_types: false,
      connection: { application_name: `${s.applicationName} probe` },
    }) as unknown as Sql;
    try {
      return await clockOffset(client);
    } finally {
      client.end({ timeout: 0 }).catch(() => {});
    }
  };
  // Its own connection, kept open, listening for the whole process.
  const hub = notificationHub();
  const listening = postgres(url, {
    ...driverOptions(s),
    ...hub.driverOptions,
    max: 1,
    max_lifetime: null,
    fetch_types: false,
    connection: { application_name: `${s.applicationName} listen` },
  }) as unknown as Sql;
  return await opened("server", raw, s, probe, `cannot reach the database at DATABASE_URL`, {
    hub,
    client: listening,
  });
}

/** dataDir "memory://" keeps the database in memory (tests). */
export async function connectEmbedded(
  dataDir: string,
  given?: DatabaseOptions,
): Promise<Database> {
  const release = dataDir.startsWith("memory://") ? () => {} : await lockDataDir(dataDir);
  const db = await PGlite.create(dataDir);
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 1 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  // PGlite is single-connection; one pooled connection keeps transactions whole.
  const s = {
    ...settingsOf({
      ...given,
      statementTimeoutMs: given?.statementTimeoutMs ?? EMBEDDED_STATEMENT_TIMEOUT_MS,
      // Its socket is served by this process, which may be busy starting PGlite.
      connectTimeoutMs: given?.connectTimeoutMs ?? EMBEDDED_STATEMENT_TIMEOUT_MS,
    }),
    max: 1,
  };
  const hub = notificationHub();
  const raw = postgres({
    ...driverOptions(s),
    ...hub.driverOptions,
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
  }) as unknown as Sql;
  // The embedded database lives in this process: the probe asks through the pool
  // (a second connection would not be accepted).
  const failed = `cannot open the embedded database in ${dataDir}`;
  return await opened("embedded", raw, s, () => clockOffset(raw), failed, { hub, client: raw }, async () => {
    await server.stop();
    await db.close();
    release();
  });
}

/**
 * The database's clock minus ours, in ms: of three round trips on an open connection,
 * the quickest, read at its middle (off by at most half of it, well under a ms here).
 */
async function clockOffset(sql: Sql): Promise<number> {
  await sql`select 1`; // connects, if need be
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 3; i++) {
    const before = Date.now();
    const [row] = await sql<{ now: number }[]>`
      select (extract(epoch from clock_timestamp()) * 1000)::float8 as now`;
    const after = Date.now();
    if (after - before < best.rtt) {
      best = { rtt: after - before, offset: Number(row.now) - (before + after) / 2 };
    }
  }
  return best.offset;
}

async function ping(sql: Sql, message: string): Promise<number> {
  try {
    return await clockOffset(sql);
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
