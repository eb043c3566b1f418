// Runs the outbox (outbox.ts) on a thread of its own (worker.ts) when the database is a
// server: measured with 1,000 webhook deliveries waiting, sending from the API's own
// thread added 5–10 ms to the decisions' p99 (docs/operations.md). The embedded
// database lives in the API's thread, so there the outbox does too (main.ts).
import type { DatabaseOptions } from "../db/connect.ts";
import type { Level, Logger } from "../http/logger.ts";
import type { OutboxSettings } from "./channels.ts";

export type OutboxThreadOptions = {
  databaseUrl: string;
  /** The API's pool settings; the thread's own pool takes its deadlines. */
  database: DatabaseOptions;
  settings: OutboxSettings;
  logLevel: Level | "silent";
};

/**
 * The thread's pool: two connections (a claim and a record may be under way at once),
 * named for what they do in pg_stat_activity, and no onBreaker (a function cannot
 * cross to a thread; the API's own pool reports the database away). Its commits do
 * not wait for the WAL flush: a claim or a record lost in a crash only means a message
 * sent again (at least once, as a lease ending means anyway), and the flushes the
 * decisions wait for are not crowded by the outbox's (docs/operations.md).
 */
const poolOf = (database: DatabaseOptions): DatabaseOptions => ({
  ...database,
  max: 2,
  applicationName: "threshold outbox",
  synchronousCommit: "off",
  onBreaker: undefined,
});
/** After the thread failed, before it starts again. */
const RESTART_MS = 1_000;
/** How long a stop waits for the thread to close its connections. */
const STOP_WAIT_MS = 2_000;

/**
 * Starts the thread. ready: it is sending (its modules loaded, its database connected);
 * stop ends it (and its connections).
 */
export function startOutboxThread(
  options: OutboxThreadOptions,
  log: Logger,
): { ready: Promise<void>; stop: () => Promise<void> } {
  let worker: Worker;
  let stopped: Promise<void> | undefined;
  let restart: ReturnType<typeof setTimeout> | undefined;
  let started = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  const start = () => {
    worker = new Worker(new URL("./worker.ts", import.meta.url).href, { type: "module" });
    worker.onmessage = ({ data }) => data === "started" && started();
    // A failure in the thread would otherwise end the whole process: the outbox is
    // started again instead, and what it had claimed is due again when its lease ends.
    worker.onerror = (event) => {
      event.preventDefault();
      log.error("outbox: its thread failed; starting it again", { error: event.message });
      worker.terminate();
      if (!stopped) restart = setTimeout(start, RESTART_MS);
    };
    worker.postMessage({ start: { ...options, database: poolOf(options.database) } });
  };
  start();
  const stop = () =>
    stopped ??= (async () => {
      clearTimeout(restart);
      const current = worker;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STOP_WAIT_MS);
        current.onmessage = () => (clearTimeout(timer), resolve());
        current.postMessage("stop");
      });
      current.terminate();
    })();
  return { ready, stop };
}
