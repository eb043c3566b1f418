// The outbox's own thread (started by thread.ts): its own connections to the database
// and its own heap, so that signing, encrypting, sending and the garbage they leave
// never hold up the API's event loop, where doors wait for decisions.
import { setPriority } from "node:os";
import { connectServer, type Database } from "../db/connect.ts";
import { createLogger } from "../http/logger.ts";
import { outboxChannels } from "./channels.ts";
import { Outbox } from "./outbox.ts";
import type { OutboxThreadOptions } from "./thread.ts";

/**
 * The thread's nice value. When sending and decisions want the same CPU, decisions
 * win; with the CPU idle the outbox still takes all it can. On Linux a nice value
 * belongs to a thread (setpriority of 0 is the calling one); elsewhere it would be
 * the whole process's, so there the thread stays as it is. Measured with 2,440
 * messages draining (bench/notifications.ts): decisions' p99 65–76 ms at nice 0,
 * 29–30 ms at nice 10 (on a machine busy with other work; nice 19 did no better).
 */
const NICE = 10;
if (Deno.build.os === "linux") setPriority(NICE);

/** Between attempts to connect when the database cannot be reached at start. */
const RETRY_MS = 1_000;

type Message = { start: OutboxThreadOptions } | "stop";
const thread = self as unknown as {
  onmessage: (event: MessageEvent<Message>) => void;
  postMessage: (message: "started" | "stopped") => void;
};

let stopped = false;
/** Ends the pause between attempts to connect early (a stop). */
let wake = () => {};
let running: Promise<{ db: Database; stop: () => void } | undefined> = Promise.resolve(undefined);

// Set before any await: a message arriving meanwhile would be lost.
thread.onmessage = async ({ data }) => {
  if (data !== "stop") return void (running = run(data.start));
  stopped = true;
  wake();
  const sending = await running;
  sending?.stop();
  await sending?.db.close();
  thread.postMessage("stopped");
};

async function run({ databaseUrl, database, settings, logLevel }: OutboxThreadOptions) {
  const log = createLogger(logLevel);
  while (!stopped) {
    let db: Database | undefined;
    try {
      db = await connectServer(databaseUrl, database);
      const { channels, close } = outboxChannels(settings);
      const stopSending = await new Outbox({ sql: db.sql, listen: db.listen, log, channels }).start();
      thread.postMessage("started");
      return { db, stop: () => (stopSending(), close()) };
    } catch (error) {
      await db?.close().catch(() => {});
      log.warn("outbox: cannot reach the database; trying again", { error: String(error) });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RETRY_MS);
        wake = () => (clearTimeout(timer), resolve());
      });
    }
  }
}
