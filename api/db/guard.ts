// The guard between the API and postgres.js: every statement has a deadline, a
// breaker refuses work at once while the database is away, and the work waiting for
// a connection is bounded. Why it is needed: postgres.js queues a statement while
// it (re)connects and retries a failed connection with a growing backoff (up to
// 20 s), so when the database stopped, requests waited until it came back and then
// ran, long after their callers had given up (issue 12).
//
// How it works. `guard(raw)` wraps the postgres.js pool in a Proxy that looks and
// types the same (`sql\`…\``, `sql.unsafe`, `sql.begin`, fragments, helpers; only
// `sql.reserve()`, which one test uses to hold a lock, bypasses it), but
// hands each statement's Query to postgres.js only through `run` below:
//   - breaker open (breaker.ts) → refused at once, DatabaseUnavailable("down");
//   - at most `slots` statements or transactions at the database at once, one per
//     pooled connection, so postgres.js never has to queue or pipeline a statement
//     behind another's; the rest wait here, at most `maxWaiting` of them (more →
//     refused at once, "busy");
//   - two priorities (issue 32). Foreground work (everything by default: lockdowns
//     and other admin actions, access decisions, member unlocks) is served first,
//     FIFO. Background work (`background(sql)`: the doors' list fetches and their
//     streams' catch-up, which a reconnect storm brings by the hundred) waits behind
//     it, FIFO, holds at most `backgroundSlots` connections at once, and is shed first:
//     a foreground statement finding the wait full refuses the newest background one
//     ("busy") and takes its place;
//   - each statement must be answered within `statementTimeoutMs` of being issued,
//     the wait here and connecting included, else its caller gets "timeout" at once;
//     a request's statements before the database first answered it, within
//     `statementTimeoutMs` of the request's arrival (Scope.heard), though never less
//     than half of it from their issue: with the database away, the request is
//     answered 503 that long after it came, not that long after whatever it did
//     first (issue 12's "within 1 s", on a loaded machine).
//     PostgreSQL gets the same statement_timeout (connect.ts), so a statement that
//     reached it ends there too;
//   - outcomes feed the breaker (breaker.ts): an answer (rows or an SQL error) is a
//     success, a connection error a failure; a statement sent but not answered in time
//     makes it probe (a busy process is not a database away); a statement that only
//     waited here past its deadline says nothing about the database.
//
// Never acting late. A statement whose caller has been answered must not run
// afterwards:
//   - one still waiting here is dropped (never sent);
//   - one handed to postgres.js but not yet written to a connection (it waits for
//     the connection to open) is rewritten to `select 1`: if the connection opens
//     later, postgres.js runs that instead (postgres.js's own query.cancel() cannot
//     be used for it: a cancelled query that a connection was opening for leaves
//     that connection stuck in its "connecting" list for good);
//   - one already at the server ends by the server's statement_timeout; a statement
//     in a transaction that timed out makes the transaction roll back;
//   - a request's statements share a Scope (http/database_scope.ts): once the
//     request is answered, or one of its statements timed out, its later statements
//     are refused, and its transactions roll back instead of committing (a
//     transaction that only now got its connection runs no statement at all).
// Access decisions guard their own deadline inside their statement as well
// (access/decisions.ts).
import type postgres from "postgres";
import { Breaker, type BreakerState } from "./breaker.ts";
import { DatabaseUnavailable, isUnreachable, type UnavailableReason } from "./unavailable.ts";

type Sql = postgres.Sql;

export type GuardOptions = {
  /** Statements (or transactions) at the database at once: the pool's connections. */
  slots: number;
  /** Statements that may wait for a slot; one more is refused at once (503), background ones first. */
  maxWaiting: number;
  /**
   * Connections background work may hold at once: the rest are foreground work's, and
   * the database's CPU is not all given to catching up while a lockdown or a decision waits.
   */
  backgroundSlots: number;
  /** Each statement's deadline from when it is issued; 0: none. */
  statementTimeoutMs: number;
  /** Consecutive failures that open the breaker. */
  breakerFailures: number;
  /** Time between probes while the breaker is open. */
  probeMs: number;
  /** `select 1` on a connection of its own; resolves to the database's clock minus ours, in ms. */
  probe: () => Promise<number>;
  /** The most a probe may take (connecting included) before it counts as failed. */
  probeTimeoutMs: number;
  onBreaker?: (state: BreakerState, cause?: unknown) => void;
};

/** One request's database work: see http/database_scope.ts. */
export type Scope = {
  /** Date.now() when the request arrived. */
  readonly startedAt: number;
  /**
   * The database has answered one of its statements. Until then a statement's deadline
   * counts from the request's arrival, not from its own issue: the time the request
   * spent before it (a busy process's queue, its parsing) is part of the caller's wait.
   */
  heard: boolean;
  /** The request has been answered: its statements from now on are refused. */
  ended: boolean;
  /** One of its statements got no answer in time: the rest are refused. */
  abandoned: boolean;
};

export function newScope(startedAt = Date.now()): Scope {
  return { startedAt, heard: false, ended: false, abandoned: false };
}

/**
 * A statement's (or a transaction's first phase's) deadline from now: see Scope.heard.
 * Never less than half its own: a request that did slow work before its first
 * statement (single sign-on's discovery of its provider) still gives the database a
 * fair wait.
 */
function deadlineMs(timeoutMs: number, scope: Scope | null): number {
  if (!scope || scope.heard) return timeoutMs;
  return Math.min(timeoutMs, Math.max(timeoutMs / 2, scope.startedAt + timeoutMs - Date.now()));
}

/**
 * A transaction in progress. failed: one of its statements timed out (it must roll
 * back). lost: its connection is gone: nothing may be written for it any more (see
 * `settleLost`).
 */
type TxState = { failed: boolean; lost: boolean };

// The parts of postgres.js's Query (src/query.js) the guard works with.
type Query = Promise<unknown> & {
  handler: (q: Query) => void;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Set when a connection takes it (written, or about to be): null while it waits. */
  state: unknown;
  strings: readonly string[];
  args: unknown[];
};

const isQuery = (x: unknown): x is Query =>
  typeof (x as Query)?.then === "function" && typeof (x as Query)?.handler === "function";

/** Foreground work first; background work (list fetches, stream catch-up) after it and shed first. */
export type Priority = "foreground" | "background";

type Waiting = { go: () => void; refuse: (reason: UnavailableReason) => void; gone: boolean };

/** The guarded pool's state. */
export class Pool {
  readonly breaker: Breaker;
  /** The database's clock minus this process's, in ms (measured by connect and each probe). */
  clockOffsetMs = 0;
  /** The guarded pool, with no request scope: what Database.sql is. */
  readonly sql: Sql;
  #inUse = 0;
  #inUseBackground = 0;
  /** Waiting for a slot, by priority, FIFO; entries that left (deadline) stay until reached. */
  readonly #waiting: Record<Priority, Waiting[]> = { foreground: [], background: [] };
  readonly #waitingCount: Record<Priority, number> = { foreground: 0, background: 0 };

  constructor(readonly raw: Sql, readonly options: GuardOptions) {
    this.breaker = new Breaker({
      failures: options.breakerFailures,
      probeMs: options.probeMs,
      probeTimeoutMs: options.probeTimeoutMs,
      probe: async () => {
        this.clockOffsetMs = await options.probe();
      },
      onChange: (state, cause) => {
        // Whatever waits for a connection now would only wait for the probe: refuse it.
        if (state === "open") this.#refuseWaiting("down");
        options.onBreaker?.(state, cause);
      },
    });
    this.sql = view({ pool: this, scope: null, tx: null, timeoutMs: options.statementTimeoutMs, priority: "foreground" }, raw);
  }

  /** Statements waiting for a slot now (for tests and health). */
  get waiting(): number {
    return this.#waitingCount.foreground + this.#waitingCount.background;
  }

  get inUse(): number {
    return this.#inUse;
  }

  /** Runs `go` when a slot is free (it must call release once done), or refuses. */
  acquire(entry: Omit<Waiting, "gone">, priority: Priority = "foreground"): Waiting {
    const waiting = { ...entry, gone: false };
    if (this.breaker.isOpen) {
      waiting.gone = true;
      entry.refuse("down");
    } else if (this.#mayStart(priority)) {
      this.#take(priority);
      waiting.gone = true;
      entry.go();
    } else if (this.waiting >= this.options.maxWaiting && !(priority === "foreground" && this.#shed())) {
      waiting.gone = true;
      entry.refuse("busy");
    } else {
      this.#waiting[priority].push(waiting);
      this.#waitingCount[priority]++;
    }
    return waiting;
  }

  /** Whether work of this priority may take a slot now, ahead of nobody who waits. */
  #mayStart(priority: Priority): boolean {
    if (this.#waitingCount.foreground > 0) return false;
    return (priority === "foreground" || this.#waitingCount.background === 0) && this.#free(priority);
  }

  /** Whether a slot is free for work of this priority (not counting who waits). */
  #free(priority: Priority): boolean {
    return this.#inUse < this.options.slots &&
      (priority === "foreground" || this.#inUseBackground < this.options.backgroundSlots);
  }

  #take(priority: Priority) {
    this.#inUse++;
    if (priority === "background") this.#inUseBackground++;
  }

  /** Refuses the newest waiting background entry ("busy") to make room; false when there is none. */
  #shed(): boolean {
    const queue = this.#waiting.background;
    for (let w = queue.pop(); w; w = queue.pop()) {
      if (w.gone) continue;
      w.gone = true;
      this.#waitingCount.background--;
      w.refuse("busy");
      return true;
    }
    return false;
  }

  /** Takes a waiting entry out of the line (its deadline passed): it will never run. */
  drop(waiting: Waiting, priority: Priority) {
    if (waiting.gone) return;
    waiting.gone = true;
    this.#waitingCount[priority]--;
  }

  /**
   * Frees a slot. In a microtask: postgres.js settles a query just before it puts the
   * connection back among the open ones, and the next statement should find it there.
   */
  release(priority: Priority) {
    queueMicrotask(() => {
      this.#inUse--;
      if (priority === "background") this.#inUseBackground--;
      while (this.#startNext("foreground")) { /* next */ }
      while (this.#startNext("background")) { /* next */ }
    });
  }

  /** Starts the first live entry waiting at this priority, if a slot is free for it. */
  #startNext(priority: Priority): boolean {
    const queue = this.#waiting[priority];
    while (this.#free(priority) && queue.length) {
      const next = queue.shift()!;
      if (next.gone) continue;
      next.gone = true;
      this.#waitingCount[priority]--;
      this.#take(priority);
      next.go();
      return true;
    }
    return false;
  }

  #refuseWaiting(reason: UnavailableReason) {
    for (const priority of ["foreground", "background"] as const) {
      const waiting = this.#waiting[priority];
      this.#waiting[priority] = [];
      this.#waitingCount[priority] = 0;
      for (const w of waiting) {
        if (w.gone) continue;
        w.gone = true;
        w.refuse(reason);
      }
    }
  }

  /** Stops the breaker's probing (the pool is closing). */
  stop() {
    this.breaker.stop();
  }
}

/** What a guarded sql (pool, request view, transaction) is made of. */
type View = {
  pool: Pool;
  scope: Scope | null;
  tx: TxState | null;
  /** Each statement's deadline; 0: none. */
  timeoutMs: number;
  priority: Priority;
};

const VIEW = Symbol("guarded view");

/** Wraps a postgres.js pool. */
export function guard(raw: Sql, options: GuardOptions): Pool {
  return new Pool(raw, options);
}

function viewOf(sql: unknown): View | undefined {
  return (sql as Record<symbol, View | undefined>)?.[VIEW];
}

/** The guarded pool behind any guarded sql (pool, request view or transaction). */
export function poolOf(sql: unknown): Pool | undefined {
  return viewOf(sql)?.pool;
}

/** The request scope of a guarded sql, if it has one. */
export function scopeOf(sql: unknown): Scope | undefined {
  return viewOf(sql)?.scope ?? undefined;
}

/** The pool as one request sees it: its statements share the scope. */
export function withScope(sql: Sql, scope: Scope): Sql {
  const pool = poolOf(sql);
  if (!pool) throw new Error("withScope: not a guarded pool");
  return view({ ...viewOf(sql)!, scope, tx: null }, pool.raw);
}

/**
 * The same pool (and request scope) as background work: served after foreground
 * work, on at most backgroundSlots connections, shed first when too much waits.
 */
export function background(sql: Sql): Sql {
  const of = viewOf(sql);
  if (!of || of.tx) return sql;
  return view({ ...of, priority: "background" }, of.pool.raw);
}

/**
 * The pool without client-side deadlines, for start-up work that may take long
 * (migrations, demo data): its transactions also lift PostgreSQL's statement_timeout
 * for themselves. The breaker and the slots still apply.
 */
export function unbounded(sql: Sql): Sql {
  const pool = poolOf(sql);
  if (!pool) return sql;
  return view({ pool, scope: null, tx: null, timeoutMs: 0, priority: "foreground" }, pool.raw);
}

// --- the Proxy ---------------------------------------------------------------------

function view(of: View, target: Sql) {
  const guardIt = <T>(result: T): T => {
    if (isQuery(result)) {
      const handler = result.handler;
      result.handler = (q) => run(of, q, handler);
    }
    return result;
  };
  return new Proxy(target, {
    apply(fn, thisArg, args) {
      return guardIt(Reflect.apply(fn, thisArg, args));
    },
    get(object, prop, receiver) {
      if (prop === VIEW) return of;
      if (prop === "unsafe" || prop === "file") {
        const original = Reflect.get(object, prop, receiver) as (...a: unknown[]) => unknown;
        return (...a: unknown[]) => guardIt(original(...a));
      }
      if (prop === "begin" && !of.tx) return begin(of, object);
      if (prop === "savepoint" && of.tx) return savepoint(of, object);
      return Reflect.get(object, prop, receiver);
    },
  }) as Sql;
}

/** A statement: through the slots (unless in a transaction, which has its connection). */
function run(of: View, q: Query, handler: (q: Query) => void) {
  const { pool, scope, tx, timeoutMs } = of;
  const resolve = q.resolve;
  const reject = q.reject;
  if (scope && (scope.ended || scope.abandoned)) {
    return reject(new DatabaseUnavailable("abandoned"));
  }
  if (tx?.lost) return reject(new DatabaseUnavailable("unreachable"));
  if (tx?.failed) return reject(new DatabaseUnavailable("abandoned"));
  if (!tx && pool.breaker.isOpen) return reject(new DatabaseUnavailable("down"));

  let answered = false; // the caller has its answer (from the database or from us)
  let sent = false; // handed to postgres.js
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Assigned once, below the callbacks that read it (they may run before it is).
  // deno-lint-ignore prefer-const
  let waiting: Waiting | undefined;

  // postgres.js settles each query once, when it is done with it: that frees the slot.
  q.resolve = (value) => {
    clearTimeout(timer);
    if (!tx) pool.release(of.priority);
    pool.breaker.success();
    if (scope) scope.heard = true;
    if (!answered) {
      answered = true;
      resolve(withoutHoles(value));
    }
  };
  q.reject = (error) => {
    clearTimeout(timer);
    if (sent && !tx) pool.release(of.priority);
    const unreachable = sent && isUnreachable(error);
    if (unreachable) pool.breaker.failure(error);
    else if (sent) pool.breaker.success();
    if (sent && !unreachable && scope) scope.heard = true;
    if (unreachable && tx) tx.lost = true;
    if (!answered) {
      answered = true;
      reject(unreachable ? new DatabaseUnavailable("unreachable", { cause: error }) : error);
    }
  };

  if (timeoutMs > 0) {
    timer = setTimeout(() => {
      if (answered) return;
      answered = true;
      if (!sent) {
        if (waiting) pool.drop(waiting, of.priority);
      } else {
        // Not yet on a connection (it waits for one to open): make it harmless.
        if (q.state === null || q.state === undefined) neuter(q);
        pool.breaker.suspect(new DatabaseUnavailable("timeout"));
      }
      if (scope) scope.abandoned = true;
      if (tx) tx.failed = true;
      reject(new DatabaseUnavailable("timeout"));
    }, deadlineMs(timeoutMs, scope));
  }

  const go = () => {
    sent = true;
    handler(q);
  };
  if (tx) return go();
  waiting = pool.acquire({
    go,
    refuse: (reason) => {
      clearTimeout(timer);
      if (answered) return;
      answered = true;
      reject(new DatabaseUnavailable(reason));
    },
  }, of.priority);
}

/**
 * What a transaction's function returns once its connection is lost: a promise that
 * never settles. postgres.js would otherwise write a rollback (or a commit) to the
 * closed connection from a setImmediate, where a null socket throws an uncaught
 * TypeError that ends the whole process (porsager/postgres#1154, #1208; reproduced
 * here by PostgreSQL's fast shutdown ending a session in the middle of a statement).
 * postgres.js has already rejected the transaction itself, which answers the caller;
 * only this small closure stays behind, once per transaction cut off this way.
 */
function settleLost<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/**
 * postgres.js (3.4.9) does not reset a connection's row counter when a statement fails
 * part-way through its rows (statement_timeout, a cancel: porsager/postgres#1181, open):
 * that connection's next statement then resolves with its rows after as many empty
 * places. Seen here: a door's valid key "not found" (401) in a 2,000-door storm, its
 * answer holding 231,377 empty places first (which statement failed, and why, was
 * not caught; most likely a list meeting its deadline). The count PostgreSQL sent is
 * right, so the places before the rows are cut off.
 */
function withoutHoles(value: unknown): unknown {
  const rows = value as unknown[] & { count?: unknown };
  if (Array.isArray(rows) && typeof rows.count === "number" && rows.length > rows.count) {
    rows.splice(0, rows.length - rows.count);
  }
  return value;
}

/** Rewrites a query postgres.js has not sent yet into `select 1`. */
function neuter(q: Query) {
  q.strings = ["select 1"];
  q.args = [];
}

type Fn<T> = (sql: postgres.TransactionSql) => T | Promise<T>;

/** The transaction timed out, or its request was answered or gave up: it may send nothing more. */
const isAbandoned = (tx: TxState, scope: Scope | null) =>
  tx.failed || !!scope?.ended || !!scope?.abandoned;

/**
 * Runs the caller's function of a transaction or savepoint on its connection, then
 * rolls back rather than commit or release for a caller that has been answered
 * (`gone`), and arms the deadline for the commit or release itself.
 */
async function runBody<T>(
  fn: Fn<T>,
  sql: Sql,
  tx: TxState,
  phase: Phase,
  gone: () => boolean,
): Promise<T> {
  let result: T;
  try {
    result = await fn(sql as never);
  } catch (error) {
    if (tx.lost) return (phase.arm(), settleLost<T>());
    throw error;
  }
  if (tx.lost) return (phase.arm(), settleLost<T>());
  if (gone()) throw new DatabaseUnavailable("abandoned");
  phase.arm();
  return result;
}

/**
 * A deadline for the phases of a transaction the guard cannot see statement by
 * statement (postgres.js's own begin, savepoint, commit and release): armed while
 * one of them is under way, disarmed while the caller's function runs.
 */
type Phase = ReturnType<typeof phases>;

function phases(timeoutMs: number, onTimeout: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    /** From now, `ms` (a transaction's first phase: its request's deadline, deadlineMs). */
    arm(ms = timeoutMs) {
      clearTimeout(timer);
      if (timeoutMs > 0) timer = setTimeout(onTimeout, ms);
    },
    disarm() {
      clearTimeout(timer);
    },
  };
}

/** The caller's answer, given once: by the database or by a deadline, whichever is first. */
function answerOnce<T>(
  resolve: (value: T) => void,
  reject: (error: unknown) => void,
  settled: () => void,
) {
  const reply = {
    done: false,
    answer(error: unknown, value?: T) {
      if (reply.done) return;
      reply.done = true;
      settled();
      if (error) reject(error);
      else resolve(value as T);
    },
  };
  return reply;
}

function begin(of: View, raw: Sql) {
  const { pool, scope, timeoutMs } = of;
  return <T>(a: string | Fn<T>, b?: Fn<T>): Promise<T> => {
    const [options, fn] = typeof a === "function" ? ["", a] : [a, b!];
    return new Promise<T>((resolve, reject) => {
      if (scope && (scope.ended || scope.abandoned)) {
        return reject(new DatabaseUnavailable("abandoned"));
      }
      const tx: TxState = { failed: false, lost: false };
      // Assigned once, below the callbacks that read it (they may run before it is).
      // deno-lint-ignore prefer-const
      let waiting: Waiting | undefined;
      let sent = false;
      const reply = answerOnce<T>(resolve, reject, () => phase.disarm());
      const phase = phases(timeoutMs, () => {
        if (reply.done) return;
        if (!sent && waiting) pool.drop(waiting, of.priority);
        else pool.breaker.suspect(new DatabaseUnavailable("timeout"));
        tx.failed = true;
        if (scope) scope.abandoned = true;
        reply.answer(new DatabaseUnavailable("timeout"));
      });
      phase.arm(deadlineMs(timeoutMs, scope));
      waiting = pool.acquire({
        refuse: (reason) => reply.answer(new DatabaseUnavailable(reason)),
        go: () => {
          sent = true;
          raw.begin(options, async (rawTx) => {
            // The transaction has its connection: too late if the caller was answered.
            if (reply.done || isAbandoned(tx, scope)) {
              throw new DatabaseUnavailable("abandoned");
            }
            phase.disarm();
            pool.breaker.success();
            if (scope) scope.heard = true;
            if (timeoutMs === 0) await rawTx`set local statement_timeout = 0`;
            return runBody(
              fn,
              view({ ...of, tx }, rawTx as unknown as Sql),
              tx,
              phase,
              () => reply.done || isAbandoned(tx, scope),
            );
          }).then(
            (value) => {
              pool.release(of.priority);
              reply.answer(undefined, value as T);
            },
            (error) => {
              pool.release(of.priority);
              const unreachable = isUnreachable(error);
              // postgres.js rejects begin as soon as the connection closes: from now on
              // nothing may be sent for this transaction (the connection object may
              // even reconnect for other work, outside the transaction).
              if (unreachable) tx.lost = true;
              if (unreachable) pool.breaker.failure(error);
              reply.answer(
                unreachable ? new DatabaseUnavailable("unreachable", { cause: error }) : error,
              );
            },
          );
        },
      }, of.priority);
    });
  };
}

function savepoint(of: View, rawTx: Sql) {
  const { pool, scope, timeoutMs } = of;
  const tx = of.tx!;
  const original = (rawTx as unknown as postgres.TransactionSql).savepoint;
  return <T>(a: string | Fn<T>, b?: Fn<T>): Promise<T> => {
    const [name, fn] = typeof a === "function" ? [undefined, a] : [a, b!];
    if (tx.lost) return Promise.reject(new DatabaseUnavailable("unreachable"));
    if (isAbandoned(tx, scope)) {
      return Promise.reject(new DatabaseUnavailable("abandoned"));
    }
    return new Promise<T>((resolve, reject) => {
      const reply = answerOnce<T>(resolve, reject, () => phase.disarm());
      const phase = phases(timeoutMs, () => {
        tx.failed = true;
        if (scope) scope.abandoned = true;
        pool.breaker.suspect(new DatabaseUnavailable("timeout"));
        reply.answer(new DatabaseUnavailable("timeout"));
      });
      phase.arm();
      const inner = async (rawSp: postgres.TransactionSql) => {
        if (reply.done || tx.failed) throw new DatabaseUnavailable("abandoned");
        phase.disarm();
        return await runBody(
          fn,
          view(of, rawSp as unknown as Sql),
          tx,
          phase,
          () => reply.done || isAbandoned(tx, scope),
        );
      };
      const started = name === undefined ? original(inner) : original(name, inner);
      (started as Promise<T>).then((value) => reply.answer(undefined, value), (error) => {
        const unreachable = isUnreachable(error);
        reply.answer(
          unreachable ? new DatabaseUnavailable("unreachable", { cause: error }) : error,
        );
      });
    });
  };
}
