// Sends webhook deliveries (spec 3 §6, §7). Every API process runs one sender; they
// share the work through PostgreSQL alone: a sender claims due deliveries with FOR
// UPDATE SKIP LOCKED and, in the same statement, moves their next attempt LEASE_MS
// ahead, then sends outside any transaction. So each attempt is made by one process,
// and a delivery whose sender died mid-attempt is due again once the lease ends
// (sent at least once). A sender wakes on NOTIFY events (every event but a decision:
// migration 020), every POLL_MS (decisions, and retries coming due) and when one of
// its own attempts ends while more wait.
//
// An attempt: the body as first built (so every retry sends the same bytes), signed
// for this attempt (signing.ts), to a public address (public_address.ts) unless
// WEBHOOK_ALLOW_PRIVATE=true, redirects not followed, within ATTEMPT_TIMEOUT_MS. A
// 2xx delivers it; a 410 disables the endpoint (audited, actor Threshold); anything
// else is retried after the next of RETRY_DELAYS_MS, and after the last one fails.
import type { Queries } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import { transaction } from "../http/transaction.ts";
import { SYSTEM, writeEvent } from "../audit/record.ts";
import { eventsById } from "../events/event_data.ts";
import { signedHeaders } from "./signing.ts";
import { passes } from "../jobs/passes.ts";
import { publicAddressProblem, type Resolve, systemResolve } from "./public_address.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** After the first attempt fails: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h, then failed. */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const ATTEMPT_TIMEOUT_MS = 15 * SECOND;
/** How long a claimed delivery is held by its sender: longer than any attempt takes. */
export const LEASE_MS = ATTEMPT_TIMEOUT_MS + 15 * SECOND;
export const POLL_MS = 500;
/** Attempts one process has in flight at most. */
const MAX_IN_FLIGHT = 32;
const ERROR_MAX = 500;

export type SenderOptions = {
  sql: Queries;
  listen: Listen;
  log: Logger;
  allowPrivate: boolean;
  /** The clock of every attempt and retry (a controlled one in tests). */
  now?: () => Date;
  resolve?: Resolve;
  timeoutMs?: number;
};

type Claimed = {
  id: string;
  eventId: string;
  attempts: number;
  /** As first sent; once claimed, null only when its event is gone. */
  body: string | null;
  webhookId: number;
  url: string;
  secret: string;
};

type Outcome = { statusCode: number | null; error: string | null };

type ToRecord = { delivery: Claimed; outcome: Outcome; settled: (error?: unknown) => void };

export class WebhookSender {
  readonly #o: Required<SenderOptions>;
  #inFlight = 0;
  #stopped = false;
  #toRecord: ToRecord[] = [];

  constructor(options: SenderOptions) {
    this.#o = {
      now: () => new Date(),
      resolve: systemResolve,
      timeoutMs: ATTEMPT_TIMEOUT_MS,
      ...options,
    };
  }

  /** Sends in the background until the returned stop is called. */
  async start(): Promise<() => void> {
    const unlisten = await this.#o.listen("events", () => this.wake());
    const timer = setInterval(() => this.wake(), POLL_MS);
    Deno.unrefTimer(timer);
    return () => {
      this.#stopped = true;
      clearInterval(timer);
      unlisten();
    };
  }

  /** Claims what is due, as many as there is room for, and again while more may be. */
  readonly wake = passes(async () => {
    const room = MAX_IN_FLIGHT - this.#inFlight;
    if (this.#stopped || room <= 0) return;
    const claimed = await this.#claim(room);
    for (const delivery of claimed) {
      this.#inFlight++;
      this.#attempt(delivery).finally(() => {
        this.#inFlight--;
        this.wake();
      });
    }
    if (claimed.length === room) this.wake();
  }, (error) => this.#o.log.warn("webhooks: claiming deliveries failed", { error: String(error) }));

  /** Sends every delivery due now, waiting for each attempt (tests, on a controlled clock). */
  async sendDue(): Promise<number> {
    let sent = 0;
    while (true) {
      const claimed = await this.#claim(MAX_IN_FLIGHT);
      if (!claimed.length) return sent;
      await Promise.all(claimed.map((delivery) => this.#attempt(delivery)));
      sent += claimed.length;
    }
  }

  /**
   * Claims up to `limit` due deliveries, each with its body: those sent before keep
   * theirs; the others' bodies are built now, all in one read of their events, and
   * kept (a statement for the lot: a sender's statements share the pool with the
   * access decisions).
   */
  async #claim(limit: number): Promise<Claimed[]> {
    const now = this.#o.now();
    const claimed = await this.#o.sql<Claimed[]>`
      with due as (
        select d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at <= ${now}
          and exists (select 1 from webhooks w where w.id = d.webhook_id and w.is_active)
        order by d.next_attempt_at
        limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
      from due, webhooks w
      where d.id = due.id and w.id = d.webhook_id
      returning d.id, d.event_id, d.attempts, d.body, w.id as webhook_id, w.url, w.secret`;
    const first = claimed.filter((delivery) => delivery.body === null);
    if (!first.length) return claimed;
    const events = new Map(
      (await eventsById(this.#o.sql, first.map((d) => Number(d.eventId)))).map((e) => [e.id, e]),
    );
    const bodies = new Map(first.flatMap((delivery) => {
      const event = events.get(Number(delivery.eventId));
      if (!event) return [];
      const { type, timestamp, data } = event;
      return [[delivery.id, JSON.stringify({ type, timestamp, data })]];
    }));
    if (bodies.size) {
      await this.#o.sql`update webhook_deliveries d set body = b.body
        from unnest(${[...bodies.keys()]}::bigint[], ${[...bodies.values()]}::text[]) as b(id, body)
        where d.id = b.id and d.body is null`;
    }
    return claimed.map((delivery) => ({ ...delivery, body: delivery.body ?? bodies.get(delivery.id) ?? null }));
  }

  async #attempt(delivery: Claimed) {
    try {
      const outcome = delivery.body === null
        ? { statusCode: null, error: "The event is no longer held" }
        : await this.#send(delivery, delivery.body);
      await new Promise<void>((resolve, reject) => {
        this.#toRecord.push({ delivery, outcome, settled: (e) => e === undefined ? resolve() : reject(e) });
        this.#recordWaiting();
      });
    } catch (error) {
      // Left claimed: due again when its lease ends.
      this.#o.log.warn("webhooks: an attempt failed to be recorded", {
        delivery: delivery.id,
        error: String(error),
      });
    }
  }

  async #send(delivery: Claimed, body: string): Promise<Outcome> {
    if (!this.#o.allowPrivate) {
      const problem = await publicAddressProblem(delivery.url, this.#o.resolve);
      if (problem) return { statusCode: null, error: problem };
    }
    const headers = {
      "content-type": "application/json",
      "user-agent": "Threshold-Webhooks/1",
      ...(await signedHeaders(delivery.secret, `evt_${delivery.eventId}`, this.#o.now(), body)),
    };
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.#o.timeoutMs),
      });
      await res.body?.cancel();
      if (res.status >= 300 && res.status < 400) {
        return { statusCode: res.status, error: "Redirects are not followed" };
      }
      return { statusCode: res.status, error: null };
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      return {
        statusCode: null,
        error: timedOut
          ? `No answer within ${this.#o.timeoutMs / SECOND} seconds`
          : String((error as Error).message ?? error).slice(0, ERROR_MAX),
      };
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
  }, (error) => this.#o.log.warn("webhooks: recording attempts failed", { error: String(error) }));

  async #recordAll(batch: ToRecord[]) {
    const rows = batch.map(({ delivery, outcome: { statusCode, error } }) => {
      const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
      const failed = delivery.body === null || statusCode === 410 ||
        (!ok && delivery.attempts >= MAX_ATTEMPTS);
      const next = ok || failed
        ? null
        : new Date(this.#o.now().getTime() + RETRY_DELAYS_MS[delivery.attempts - 1]).toISOString();
      return { id: delivery.id, status: ok ? "delivered" : failed ? "failed" : "pending", statusCode, error, next };
    });
    const gone = new Set(batch.filter((r) => r.outcome.statusCode === 410).map((r) => r.delivery.webhookId));
    const write = async (sql: Queries) => {
      await sql`update webhook_deliveries d
        set status = o.status, last_status_code = o.code, last_error = o.error, next_attempt_at = o.next
        from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.status)}::text[],
          ${rows.map((r) => r.statusCode)}::int[], ${rows.map((r) => r.error)}::text[],
          ${rows.map((r) => r.next)}::timestamptz[]) as o(id, status, code, error, next)
        where d.id = o.id`;
      for (const webhookId of gone) await disable(sql, webhookId);
    };
    if (gone.size) await transaction(this.#o.sql, write);
    else await write(this.#o.sql);
  }
}

/** A 410 Gone: the endpoint is turned off, and the audit trail says so. */
async function disable(tx: Queries, webhookId: number) {
  const [row] = await tx<{ url: string }[]>`
    update webhooks set is_active = false, updated_at = now() where id = ${webhookId} and is_active returning url`;
  if (!row) return;
  await writeEvent(
    tx,
    {
      action: "webhook.disable",
      target: { type: "webhook", id: webhookId, name: row.url },
      changes: { isActive: [true, false] },
    },
    SYSTEM,
    { ip: null, userAgent: null, requestId: null },
  );
}
