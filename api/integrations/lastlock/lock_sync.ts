// The lock sync: keeps every Last Lock lock to Threshold's rules. Locks decide alone,
// from what was put on them, so a user, credential, device or room deactivated or
// deleted here changes nothing at the door until its credentials come off the lock;
// reactivated, until they go back on. Every change queues a pass over the locks it
// touches, in its own transaction (migration 038), and the pass (lock_pass.ts) makes
// the lock hold what the rules say then.
//
// Every API process runs one; they share the work through PostgreSQL alone, as the
// outbox does (outbox/outbox.ts): a process claims due locks with FOR UPDATE SKIP
// LOCKED and leases them in the same statement, then calls Last Lock outside any
// transaction, so each lock has one pass at a time. A pass that fails (Last Lock down,
// slow, refusing) keeps its queued rows and is tried again after a backoff; one whose
// process died is due again when its lease ends. Woken by NOTIFY lastlock_sync, every
// POLL_MS (retries and periodic passes coming due), and each approved lock has a pass
// every PERIOD_MS anyway, which repairs whatever drifted (a lock reset, a credential
// put on or taken off at Last Lock).
import type { Queries } from "../../db/connect.ts";
import type { Listen } from "../../db/notifications.ts";
import type { Logger } from "../../http/logger.ts";
import { passes } from "../../jobs/passes.ts";
import { errorText } from "../../outbox/channel.ts";
import { LastLockError } from "./client.ts";
import type { LastLockGateway } from "./connect.ts";
import { passOverLock } from "./lock_pass.ts";
import {
  type ClaimedLock,
  claimLocks,
  enrolLocks,
  finishPass,
  releasePass,
} from "./lock_sync_repo.ts";

export const POLL_MS = 1_000;
export const PERIOD_MS = 5 * 60_000;
/** After a failed pass: 1 s, 2 s, 5 s, 10 s, then every 30 s until Last Lock answers. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Passes one process runs at once. */
const AT_ONCE = 4;
/** A pass starts no new call after this long: a lock with much to do is finished by the next one. */
const PASS_BUDGET_MS = 20_000;

export type LockSyncOptions = {
  sql: Queries;
  listen: Listen;
  log: Logger;
  lastLock: LastLockGateway;
  /** Last Lock's deadline for one call (LASTLOCK_TIMEOUT_MS): the lease outlasts the pass's last call. */
  callTimeoutMs: number;
  /** The clock of leases, retries and periodic passes (a controlled one in tests). */
  now?: () => Date;
};

export class LockSync {
  readonly #o: LockSyncOptions;
  readonly #now: () => Date;
  readonly #leaseMs: number;
  #stopped = false;
  #inFlight = 0;

  constructor(options: LockSyncOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => new Date());
    this.#leaseMs = PASS_BUDGET_MS + 2 * options.callTimeoutMs + 10_000;
  }

  /** Syncs in the background until the returned stop is called. */
  async start(): Promise<() => void> {
    const unlisten = await this.#o.listen("lastlock_sync", this.#wake);
    const timer = setInterval(this.#wake, POLL_MS);
    Deno.unrefTimer(timer);
    this.#wake();
    return () => {
      this.#stopped = true;
      clearInterval(timer);
      unlisten();
    };
  }

  /** Claims what is due, as many as there is room for, and again while more may be. */
  readonly #wake = passes(async () => {
    const room = AT_ONCE - this.#inFlight;
    if (this.#stopped || room <= 0) return;
    const claimed = await this.#claim(room);
    for (const lock of claimed) {
      this.#inFlight++;
      this.#pass(lock).finally(() => {
        this.#inFlight--;
        this.#wake();
      });
    }
    if (claimed.length === room) this.#wake();
  }, (error) => {
    // A claim under way when the sync stopped fails as its database closes: no news.
    if (!this.#stopped) {
      this.#o.log.warn("Last Lock lock sync: claiming failed", { error: String(error) });
    }
  });

  /** Passes over every lock due now, waiting for each (tests, on a controlled clock); how many. */
  async syncDue(): Promise<number> {
    let passed = 0;
    while (true) {
      const claimed = await this.#claim(AT_ONCE);
      await Promise.all(claimed.map((lock) => this.#pass(lock)));
      passed += claimed.length;
      if (claimed.length < AT_ONCE) return passed;
    }
  }

  async #claim(limit: number): Promise<ClaimedLock[]> {
    const { sql } = this.#o;
    await enrolLocks(sql);
    const now = this.#now();
    return await claimLocks(sql, {
      now,
      leasedUntil: new Date(now.getTime() + this.#leaseMs),
      limit,
    });
  }

  async #pass(claimed: ClaimedLock) {
    const { sql, log, lastLock } = this.#o;
    const lock = claimed.lastLockDeviceId;
    try {
      const { client } = await lastLock.connection();
      const done = await passOverLock(
        { sql, client, log, deadline: performance.now() + PASS_BUDGET_MS },
        claimed,
      );
      const now = this.#now().getTime();
      // Its time up with more to do: the rest at once, by whichever process claims it.
      if (!done) return await releasePass(sql, claimed, { nextPassAt: new Date(now), error: null });
      await finishPass(sql, claimed, new Date(now + PERIOD_MS));
      if (claimed.failures) {
        log.info("Last Lock lock sync: the lock is in step again", {
          lock,
          failedPasses: claimed.failures,
        });
      }
    } catch (error) {
      // A pass under way when the sync stopped fails as its database closes: its lease ends.
      if (this.#stopped) return;
      const retryInMs = RETRY_DELAYS_MS[Math.min(claimed.failures, RETRY_DELAYS_MS.length - 1)];
      log.warn("Last Lock lock sync: a pass failed; the lock keeps what it holds until the next", {
        lock,
        failedPasses: claimed.failures + 1,
        retryInMs,
        ...(error instanceof LastLockError
          ? { kind: error.kind, error: error.message, detail: error.detail }
          : { error: String(error) }),
      });
      const nextPassAt = new Date(this.#now().getTime() + retryInMs);
      await releasePass(sql, claimed, { nextPassAt, error: errorText(error) }).catch((failure) =>
        // Left leased: due again when its lease ends.
        log.warn("Last Lock lock sync: a failed pass could not be recorded", {
          lock,
          error: String(failure),
        })
      );
    }
  }
}

/** Starts the lock sync of this process; returns its stop. */
export const startLockSync = (options: LockSyncOptions) => new LockSync(options).start();
