// What the outbox (outbox.ts) needs to know of a kind of message: its table, its
// retries, how one attempt is made and what its outcome means. Every channel's table
// has the outbox's columns: id, status ('pending', the sent word, 'failed'), attempts,
// next_attempt_at (null once settled), last_status_code, last_error.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";

/** A claimed row: its id and which attempt this is (1 for the first). */
export type Claimed = { id: string; attempts: number };

/** An attempt's result: the other side's status code, if it answered, and what went wrong. */
export type Outcome = { statusCode: number | null; error: string | null };

/** Sent; tried again after the next delay (failed after the last); or failed for good now. */
export type Verdict = "sent" | "retry" | "failed";

export type Recorded<T> = { item: T; outcome: Outcome; status: string };

export interface Channel<T extends Claimed> {
  /** In logs. */
  readonly name: string;
  readonly table: "webhook_deliveries" | "mail_messages" | "push_messages";
  /** The NOTIFY channel that says rows were written. */
  readonly notifiedBy: "events" | "outbox";
  /** The status of a row sent. */
  readonly sentStatus: "delivered" | "sent";
  /** The waits after a failed attempt before the next, in order; failed after the last. */
  readonly retryDelaysMs: readonly number[];
  /** How long a claimed row is held by its sender: longer than any attempt takes. */
  readonly leaseMs: number;
  /** Attempts one process has in flight at most; unset, the outbox's MAX_IN_FLIGHT. */
  readonly maxInFlight?: number;
  /** Narrows which due rows (alias r) may be claimed. */
  dueFilter?(sql: Queries): postgres.Fragment;
  /** Which due rows go first; unset, the longest due. */
  claimOrder?(sql: Queries): postgres.Fragment;
  /** What the attempts need beyond the ids, in one statement for the lot. */
  load(sql: Queries, claimed: Claimed[]): Promise<T[]>;
  send(item: T, now: Date): Promise<Outcome>;
  verdict(item: T, outcome: Outcome): Verdict;
  /**
   * What else a recorded batch changes (a 410 disabling its webhook, say), run in the
   * transaction that records it; null when nothing, and the record needs none.
   */
  settle?(batch: Recorded<T>[]): ((tx: Queries) => Promise<void>) | null;
}

/** A channel of whatever kind, as the outbox holds them side by side. */
// deno-lint-ignore no-explicit-any
export type AnyChannel = Channel<any>;

/** An error's message, short enough to keep. */
export function errorText(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 500);
}
