// Keeps the React Query cache in IndexedDB so every list and page an admin has
// opened renders offline, for at least 30 days. The cache is dropped only when
// its shape changes (CACHE_BUSTER), not at every release.
import { dehydrate, type QueryClient } from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import { db } from "./db";

export const CACHE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Bump only when cached data changes shape. */
export const CACHE_BUSTER = "v1";

export const persister: Persister = {
  persistClient: async (client: PersistedClient) => {
    await db.cache.put({ key: "client", value: client });
  },
  restoreClient: async () => (await db.cache.get("client"))?.value,
  removeClient: async () => {
    await db.cache.delete("client");
  },
};

/** The cache as the persister stores it; used inside the outbox's own transaction. */
export function snapshot(queryClient: QueryClient): PersistedClient {
  return { timestamp: Date.now(), buster: CACHE_BUSTER, clientState: dehydrate(queryClient) };
}
