// Starts Threshold: configuration, database, migrations, demo data, server.
// Any failure before the server listens prints one line and exits non-zero.
import { ConfigError, loadConfig } from "./config.ts";
import {
  connectEmbedded,
  connectServer,
  type Database,
  DatabaseError,
  type DatabaseOptions,
} from "./db/connect.ts";
import { unbounded } from "./db/guard.ts";
import { migrate } from "./db/migrate.ts";
import { DEMO_ADMIN, DEMO_MEMBER, seedDemo } from "./demo/seed.ts";
import { createApp } from "./app.ts";
import { createLogger } from "./http/logger.ts";
import { startHousekeeping } from "./jobs/housekeeping.ts";
import { startSearchIndexMerge } from "./jobs/search_index_merge.ts";
import { startArrivalNotices } from "./visits/arrival_notices.ts";
import { startDoorWatch } from "./doors/watch.ts";
import { noticesOf } from "./notifications/notices.ts";
import { vapidKeys } from "./push/vapid.ts";
import { startDoorSimulator } from "./access/door_simulator.ts";
import { Outbox } from "./outbox/outbox.ts";
import { outboxChannels, outboxSettings } from "./outbox/channels.ts";
import { startOutboxThread } from "./outbox/thread.ts";
import { createIntegrations, stopIntegrations } from "./integrations/integrations.ts";
import { startLockSync } from "./integrations/lastlock/lock_sync.ts";

function fail(message: string): never {
  console.error(`threshold: ${message}`);
  Deno.exit(1);
}

let config;
try {
  config = loadConfig(Deno.env.toObject(), Deno.args);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const log = createLogger(config.logLevel);

// Deadlines, breaker and bounded wait for every statement (db/guard.ts).
const dbOptions: DatabaseOptions = {
  max: config.dbPoolSize,
  connectTimeoutMs: config.dbConnectTimeoutMs,
  statementTimeoutMs: config.dbStatementTimeoutMs,
  maxWaiting: config.dbMaxWaiting,
  openAll: true,
  onBreaker: (state, cause) =>
    state === "open"
      ? log.error("database not available: answering 503 until a probe succeeds", {
        cause: String(cause),
      })
      : log.info("database available again"),
};
let db: Database;
try {
  db = config.databaseUrl
    ? await connectServer(config.databaseUrl, dbOptions)
    : await connectEmbedded(config.dataDir, dbOptions);
} catch (error) {
  fail(error instanceof DatabaseError ? error.message : `database: ${(error as Error).message}`);
}

try {
  // Start-up work may take long (a migration on a big table): no statement deadline.
  const applied = await migrate(unbounded(db.sql));
  if (applied.length) log.info("migrations applied", { applied });
  if (config.demo && await seedDemo(unbounded(db.sql))) log.info("demo data created");
  // Web Push's key pair, made at the first start and kept (spec 4 §3). Here, before the
  // server listens: after it, a stop asked for in the meantime would find no handler yet.
  await vapidKeys(db.sql);
} catch (error) {
  await db.close();
  fail(`database setup failed: ${(error as Error).message}`);
}

// The outbox (webhooks, e-mail, Web Push): from a thread of its own with a server
// database (outbox/thread.ts); the embedded one lives in this thread, and so does its
// outbox. Started before the server listens: loading the thread's modules took the
// cores for the first ~200 ms after a restart, just when every door and admin comes
// back (issue 32), so the process listens once the thread is ready (or after
// STARTUP_WAIT_MS, if the thread cannot reach the database yet; it keeps trying).
const STARTUP_WAIT_MS = 5_000;
const settings = outboxSettings(config);
if (settings.mail === "off") log.info("e-mail is off: set SMTP_URL to send it (messages are kept as unsent)");
const stopOutbox = config.databaseUrl
  ? await (async () => {
    const thread = startOutboxThread({
      databaseUrl: config.databaseUrl!,
      database: dbOptions,
      settings,
      logLevel: config.logLevel,
    }, log);
    let waited: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([thread.ready, new Promise((resolve) => (waited = setTimeout(resolve, STARTUP_WAIT_MS)))]);
    clearTimeout(waited);
    return thread.stop;
  })()
  : await (async () => {
    const { channels, close } = outboxChannels(settings);
    const stop = await new Outbox({ sql: db.sql, listen: db.listen, log, channels }).start();
    return () => (stop(), close());
  })();

const integrations = createIntegrations(config);
const shuttingDown = new AbortController();
const app = createApp({ sql: db.sql, listen: db.listen, config, log, integrations, stopping: shuttingDown.signal });
let server: Deno.HttpServer;
try {
  server = Deno.serve({
    port: config.port,
    hostname: config.host,
    onListen: ({ port }) => {
      const url = `http://localhost:${port}`;
      console.log(`Threshold is running at ${url} (${db.mode} database)`);
      if (config.demo) {
        console.log(`  admin:  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
        console.log(`  member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
      }
    },
  }, app.fetch);
} catch (error) {
  await stopOutbox();
  await db.close();
  if (error instanceof Deno.errors.AddrInUse) fail(`PORT ${config.port} is already in use`);
  fail(`cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
}

const stopHousekeeping = startHousekeeping(db.sql, config.sessionIdleMinutes, log);
const stopSearchIndexMerge = await startSearchIndexMerge(db.sql, log);
// Hosts told of their guests' arrivals, once, by whichever process claims each.
const stopArrivalNotices = await startArrivalNotices(db.sql, db.listen, noticesOf(config), log);
// Held-open and offline alarms, in every process (doors/watch.ts).
const stopDoorWatch = startDoorWatch(db.sql, {
  offlineSeconds: config.deviceOfflineSeconds,
  log,
  notices: noticesOf(config),
});
// Last Lock's locks kept to Threshold's rules, each lock's pass by whichever process
// claims it (integrations/lastlock/lock_sync.ts). Only with a real Last Lock configured:
// the built-in simulator forgets everything at every restart, and starts only when an
// admin uses it.
const stopLockSync = config.lastLockGrpcHost
  ? await startLockSync({
    sql: db.sql,
    listen: db.listen,
    log,
    lastLock: integrations.lastLock,
    callTimeoutMs: config.lastLockTimeoutMs,
  })
  : undefined;
// Demo mode: people badge in at the demo doors (a few a minute), each door a reference
// controller in this process (access/door_simulator.ts).
const doorSimulator = config.doorSimulator
  ? startDoorSimulator({ request: (path, init) => app.request(path, init), sql: db.sql, log })
  : undefined;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info("shutting down", { signal });
  stopHousekeeping();
  stopSearchIndexMerge();
  stopArrivalNotices();
  stopDoorWatch();
  stopLockSync?.();
  await stopOutbox();
  await doorSimulator?.stop();
  shuttingDown.abort(); // the doors' event streams end: they would never finish by themselves
  await server.shutdown(); // lets in-flight requests finish
  await stopIntegrations(integrations); // the built-in simulators, if started
  await db.close();
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", () => shutdown("SIGINT"));
Deno.addSignalListener("SIGTERM", () => shutdown("SIGTERM"));
