// Keeps the React Query cache in IndexedDB so every list and page an admin has
// opened renders offline, for at least 30 days. The cache is dropped only when
// its shape changes (CACHE_BUSTER), not at every release. It belongs to the
// signed-in user: nothing is kept while nobody is, and a cache saved by someone
// else is never restored. With nobody signed in there is nothing to read or write,
// so IndexedDB (db.ts) is not even opened.
//
// The whole cache is one row, so each write serializes all of it on the main
// thread: with 10,000 users cached, 30-40 ms a write on a desktop (more on a
// tablet), and every query's fetch and answer made one, three a page opened. So it
// is written at most once a PERSIST_EVERY_MS while it keeps changing (the newest
// state, as TanStack's own persisters do), and at once when the app is hidden or
// left. What this may lose to a closed tab is data just read, never a change: the
// outbox writes the cache with each change it queues or hears answered, in its own
// transaction (outbox.ts).
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import type { CacheRow } from "./db";
import { onStoredUserChange, storedUser } from "./storage";

const database = async () => (await import("./db")).db;

export const CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bump only when cached data changes shape. */
export const CACHE_BUSTER = "v1";

/**
 * Every query holding data is saved, also one whose last refetch failed: a list
 * opened offline (or with the server away) tries to refetch and fails, and by
 * React Query's default (successful queries only) it would vanish from the saved
 * cache, leaving that screen empty at the next offline start.
 */
// Typed by shape: the persist client's copy of query-core is not react-query's.
export const dehydrateOptions = { shouldDehydrateQuery: (query: { state: { data: unknown } }) => query.state.data !== undefined };

/** The cache row to store for the signed-in user, or null when nobody is signed in. */
export function cacheRow(value: PersistedClient): CacheRow | null {
  const owner = storedUser()?.id;
  return owner === undefined ? null : { key: "client", userId: owner, value: lastGoodAnswers(value) };
}

/** A failed refetch is saved as the last answer it kept: restored, it is data, not an old error to announce again. */
function lastGoodAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === "error" ? { ...query, state: { ...query.state, status: "success" as const, error: null } } : query
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Long enough to take a page's fetch and its answer in one write (bench/cache_writes.mjs:
 * the same writes at 400 ms as at 1 s), short enough that what was just read is saved
 * before an admin walks out of the signal.
 */
export const PERSIST_EVERY_MS = 400;

/** The newest cache not yet written, and the user it is of; made into a row only when written. */
let pending: { userId: number; client: PersistedClient } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Writes the pending cache now (it is dropped when its user signs out: listen). */
async function flush() {
  clearTimeout(timer);
  timer = undefined;
  const row = pending && cacheRow(pending.client);
  pending = null;
  if (row) await (await database()).cache.put(row);
}

let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  // Someone else signs in or out (here or in another tab): what was pending is not theirs.
  onStoredUserChange(() => {
    if (pending && pending.userId !== storedUser()?.id) pending = null;
  });
  if (typeof window === "undefined") return;
  // A tablet switching apps, a closed tab, a reload: what was read since the last write goes now.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void flush();
  });
  window.addEventListener("pagehide", () => void flush());
}

export const persister: Persister = {
  persistClient: async (client: PersistedClient) => {
    listen();
    const userId = storedUser()?.id;
    pending = userId === undefined ? null : { userId, client };
    if (pending) timer ??= setTimeout(() => void flush(), PERSIST_EVERY_MS);
  },
  restoreClient: async () => {
    const owner = storedUser()?.id;
    if (owner === undefined) return undefined;
    const row = await (await database()).cache.get("client");
    return row && row.userId === owner ? row.value : undefined;
  },
  removeClient: async () => {
    pending = null;
    await (await database()).cache.delete("client");
  },
};

/** The cache as the persister stores it; used inside the outbox's own transaction. */
export function snapshot(queryClient: QueryClient): PersistedClient {
  return { timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(queryClient, dehydrateOptions) };
}
