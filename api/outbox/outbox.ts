// The outbox: everything that leaves the server (webhooks, e-mail, Web Push; spec 3 §7,
// 4 §3) is a row written in its cause's transaction, in its channel's table, and sent
// from here. Every API process runs one outbox; they share the work through PostgreSQL
// alone: a channel claims due rows with FOR UPDATE SKIP LOCKED and, in the same
// statement, moves their next attempt the lease ahead, then sends outside any
// transaction. So each attempt is made by one process, and a row whose sender died
// mid-attempt is due again once the lease ends (sent at least once). An outbox wakes on
// NOTIFY (`events` for webhooks, `outbox` for mail and push: migrations 020 and 027),
// every POLL_MS (retries coming due, decisions' webhooks) and when one of its own
// attempts ends while more wait. Sending never delays the cause: the cause only writes
// a row.
//
// A channel says what an attempt is (channel.ts's Channel); the outbox claims, records
// and retries, the same for all.
import type { Queries } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import { transaction } from "../http/transaction.ts";
import { passes } from "../jobs/passes.ts";
import type { AnyChannel, Channel, Claimed, Outcome } from "./channel.ts";

export const POLL_MS = 500;
/** Attempts one process has in flight at most, per channel (unless it says fewer). */
const MAX_IN_FLIGHT = 32;

export type OutboxOptions = {
  sql: Queries;
  listen: Listen;
  log: Logger;
  channels: AnyChannel[];
  /** The clock of every attempt and retry (a controlled one in tests). */
  now?: () => Date;
};

export class Outbox {
  readonly #lanes: Lane<Claimed>[];
  readonly #o: OutboxOptions;

  constructor(options: OutboxOptions) {
    this.#o = options;
    const now = options.now ?? (() => new Date());
    this.#lanes = options.channels.map((channel) => new Lane(channel, options.sql, options.log, now));
  }

  /** Sends in the background until the returned stop is called. */
  async start(): Promise<() => void> {
    const names = [...new Set(this.#lanes.map((lane) => lane.channel.notifiedBy))];
    const unlisten = await Promise.all(names.map((name) =>
      this.#o.listen(name, () => {
        for (const lane of this.#lanes) if (lane.channel.notifiedBy === name) lane.wake();
      })
    ));
    const wakeAll = () => this.#lanes.forEach((lane) => lane.wake());
    const timer = setInterval(wakeAll, POLL_MS);
    Deno.unrefTimer(timer);
    return () => {
      for (const lane of this.#lanes) lane.stopped = true;
      clearInterval(timer);
      unlisten.forEach((stop) => stop());
    };
  }

  /** Sends every row due now, waiting for each attempt (tests, on a controlled clock). */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (const lane of this.#lanes) sent += await lane.sendDue();
    return sent;
  }
}

type ToRecord<T> = { item: T; outcome: Outcome; settled: (error?: unknown) => void };

/** One channel's claims, attempts and records in this process. */
class Lane<T extends Claimed> {
  stopped = false;
  #inFlight = 0;
  #toRecord: ToRecord<T>[] = [];

  constructor(
    readonly channel: Channel<T>,
    readonly sql: Queries,
    readonly log: Logger,
    readonly now: () => Date,
  ) {}

  /** Claims what is due, as many as there is room for, and again while more may be. */
  readonly wake = passes(async () => {
    const room = (this.channel.maxInFlight ?? MAX_IN_FLIGHT) - this.#inFlight;
    if (this.stopped || room <= 0) return;
    const claimed = await this.#claim(room);
    for (const item of claimed.items) {
      this.#inFlight++;
      this.#attempt(item).finally(() => {
        this.#inFlight--;
        this.wake();
      });
    }
    if (claimed.count === room) this.wake();
  }, (error) => {
    // A claim under way when the outbox stopped fails as its database closes: no news.
    if (!this.stopped) this.log.warn(`${this.channel.name}: claiming failed`, { error: String(error) });
  });

  async sendDue(): Promise<number> {
    let sent = 0;
    while (true) {
      const claimed = await this.#claim(this.channel.maxInFlight ?? MAX_IN_FLIGHT);
      if (!claimed.count) return sent;
      await Promise.all(claimed.items.map((item) => this.#attempt(item)));
      sent += claimed.count;
    }
  }

  /**
   * Claims up to `limit` due rows (one statement), then reads what their attempts need
   * (the channel's load, one statement for the lot: the outbox shares the pool with the
   * access decisions). A row gone meanwhile (its cause deleted) is not attempted.
   */
  async #claim(limit: number): Promise<{ count: number; items: T[] }> {
    const { sql, channel } = this;
    const now = this.now();
    const table = sql(channel.table);
    const claimed = await sql<Claimed[]>`
      with due as (
        select r.id from ${table} r
        where r.status = 'pending' and r.next_attempt_at <= ${now} ${channel.dueFilter?.(sql) ?? sql``}
        order by ${channel.claimOrder?.(sql) ?? sql`r.next_attempt_at`}
        limit ${limit}
        for update of r skip locked
      )
      update ${table} r
      set attempts = r.attempts + 1, next_attempt_at = ${new Date(now.getTime() + channel.leaseMs)}
      from due where r.id = due.id
      returning r.id, r.attempts`;
    return { count: claimed.length, items: claimed.length ? await channel.load(sql, claimed) : [] };
  }

  async #attempt(item: T) {
    try {
      const outcome = await this.channel.send(item, this.now());
      await new Promise<void>((resolve, reject) => {
        this.#toRecord.push({ item, outcome, settled: (e) => e === undefined ? resolve() : reject(e) });
        this.#recordWaiting();
      });
    } catch (error) {
      // Left claimed: due again when its lease ends.
      this.log.warn(`${this.channel.name}: an attempt failed to be recorded`, { id: item.id, error: String(error) });
    }
  }

  /**
   * Records the attempts that have ended, all waiting at once in one statement, one
   * such at a time: attempts end in waves (a batch claimed together, an endpoint's
   * timeout), and one statement each would crowd the pool.
   */
  readonly #recordWaiting = passes(async () => {
    const batch = this.#toRecord.splice(0);
    if (!batch.length) return;
    try {
      await this.#recordAll(batch);
      for (const recorded of batch) recorded.settled();
    } catch (error) {
      for (const recorded of batch) recorded.settled(error);
    }
  }, (error) => this.log.warn(`${this.channel.name}: recording attempts failed`, { error: String(error) }));

  async #recordAll(batch: ToRecord<T>[]) {
    const { channel } = this;
    const rows = batch.map(({ item, outcome }) => {
      const verdict = channel.verdict(item, outcome);
      const failed = verdict === "failed" || (verdict === "retry" && item.attempts > channel.retryDelaysMs.length);
      const status = verdict === "sent" ? channel.sentStatus : failed ? "failed" : "pending";
      const next = status === "pending"
        ? new Date(this.now().getTime() + channel.retryDelaysMs[item.attempts - 1]).toISOString()
        : null;
      return { item, outcome, status, next };
    });
    const record = (sql: Queries) =>
      sql`update ${sql(channel.table)} r
        set status = o.status, last_status_code = o.code, last_error = o.error, next_attempt_at = o.next
        from unnest(${rows.map((r) => r.item.id)}::bigint[], ${rows.map((r) => r.status)}::text[],
          ${rows.map((r) => r.outcome.statusCode)}::int[], ${rows.map((r) => r.outcome.error)}::text[],
          ${rows.map((r) => r.next)}::timestamptz[]) as o(id, status, code, error, next)
        where r.id = o.id`;
    const settle = channel.settle?.(rows);
    if (!settle) return void await record(this.sql);
    await transaction(this.sql, async (tx) => {
      await record(tx);
      await settle(tx);
    });
  }
}
