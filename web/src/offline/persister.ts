// Keeps the React Query cache in IndexedDB so every list and page an admin has
// opened renders offline, for at least 30 days. The cache is dropped only when
// its shape changes (CACHE_BUSTER), not at every release. It belongs to the
// signed-in user: nothing is kept while nobody is, and a cache saved by someone
// else is never restored. With nobody signed in there is nothing to read or write,
// so IndexedDB (db.ts) is not even opened.
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import type { CacheRow } from "./db";
import { storedUser } from "./storage";

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

export const persister: Persister = {
  persistClient: async (client: PersistedClient) => {
    const row = cacheRow(client);
    if (row) await (await database()).cache.put(row);
  },
  restoreClient: async () => {
    const owner = storedUser()?.id;
    if (owner === undefined) return undefined;
    const row = await (await database()).cache.get("client");
    return row && row.userId === owner ? row.value : undefined;
  },
  removeClient: async () => {
    await (await database()).cache.delete("client");
  },
};

/** The cache as the persister stores it; used inside the outbox's own transaction. */
export function snapshot(queryClient: QueryClient): PersistedClient {
  return { timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(queryClient, dehydrateOptions) };
}
