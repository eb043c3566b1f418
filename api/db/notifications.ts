// LISTEN/NOTIFY: how an API process hears of changes any process made (spec 3 §7).
// One connection listens for the whole process; a trigger's pg_notify reaches every
// process once the change commits. A notification sent while this connection was
// away is lost, so after every (re)connection each listener is called with "" too:
// "look again, you may have missed something".
//
// The embedded database is one session in this process: its single pooled
// connection listens, and the notifications arrive with the answers to the very
// statements that caused them.
import type { Sql } from "./connect.ts";

export type Listener = (payload: string) => void;
/** Calls `fn` for every notification on `channel` (and with "" on every (re)connection); resolves to its stop. */
export type Listen = (channel: string, fn: Listener) => Promise<() => void>;

const RETRY_MS = 500;

export function notificationHub() {
  const channels = new Map<string, Set<Listener>>();
  let client: Sql | undefined;
  let stopped = false;
  let retrying = false;

  const dispatch = (channel: string, payload: string) => {
    for (const fn of channels.get(channel) ?? []) fn(payload);
  };
  const subscribe = async (channel: string) => {
    await client!`listen ${client!(channel)}`;
  };

  // The connection closed (the database restarted, or went away): listen again as
  // soon as it answers, then have everyone look again.
  async function relisten() {
    if (retrying || stopped) return;
    retrying = true;
    while (!stopped) {
      try {
        for (const channel of channels.keys()) await subscribe(channel);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    retrying = false;
    if (!stopped) for (const channel of channels.keys()) dispatch(channel, "");
  }

  return {
    /** postgres.js options of the listening client. */
    driverOptions: {
      onnotify: dispatch,
      onclose: () => void relisten(),
    },
    attach(listening: Sql) {
      client = listening;
    },
    listen: (async (channel, fn) => {
      const known = channels.has(channel);
      const listeners = channels.get(channel) ?? new Set<Listener>();
      channels.set(channel, listeners.add(fn));
      if (!known) await subscribe(channel);
      fn("");
      return () => void listeners.delete(fn);
    }) satisfies Listen,
    stop() {
      stopped = true;
    },
  };
}
