// Merges the access-log search index's pending list into the index in the
// background, so that no access decision's insert pays for it (migration 021 raises
// the list's limit so inserts never merge). One process at a time: the merge runs
// under a transaction-scoped advisory lock that the others, finding it taken, skip;
// a merge never blocks inserts for longer than moving a page of the list.
import type { Queries } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { passes } from "./passes.ts";

export const MERGE_EVERY_MS = 2_000;
const INDEX = "access_logs_search_idx";
// Any fixed number; only this job takes it.
export const MERGE_LOCK_KEY = 7_021;

/**
 * Merges the pending list once: the pages it emptied, or null when another process
 * was merging or there is no such index (the embedded database has no pg_trgm).
 */
export async function mergeSearchIndex(sql: Queries): Promise<number | null> {
  const [row] = await sql`select gin_clean_pending_list(index)::int as pages
    from to_regclass(${INDEX}) as index
    where index is not null and pg_try_advisory_xact_lock(${MERGE_LOCK_KEY})`;
  return row ? row.pages as number : null;
}

/** Merges every MERGE_EVERY_MS while the index exists; returns a stop function. */
export async function startSearchIndexMerge(sql: Queries, log: Logger) {
  const [{ present }] = await sql`select to_regclass(${INDEX}) is not null as present`;
  if (!present) return () => {};
  // One merge at a time from this process: a slow one is followed, not joined.
  const merge = passes(
    async () => void await mergeSearchIndex(sql),
    (error) => log.warn("search index merge failed", { error: String(error) }),
  );
  const timer = setInterval(merge, MERGE_EVERY_MS);
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
