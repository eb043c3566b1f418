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
  body: string | null;
  webhookId: number;
  url: string;
  secret: string;
};

type Outcome = { statusCode: number | null; error: string | null };

export class WebhookSender {
  readonly #o: Required<SenderOptions>;
  #inFlight = 0;
  #claiming = false;
  #again = false;
  #stopped = false;

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
  wake() {
    if (this.#stopped) return;
    if (this.#claiming) {
      this.#again = true;
      return;
    }
    this.#claiming = true;
    void (async () => {
      try {
        do {
          this.#again = false;
          const room = MAX_IN_FLIGHT - this.#inFlight;
          if (room <= 0) break;
          const claimed = await this.#claim(room);
          for (const delivery of claimed) {
            this.#inFlight++;
            this.#attempt(delivery).finally(() => {
              this.#inFlight--;
              this.wake();
            });
          }
          if (claimed.length === room) this.#again = true;
        } while (this.#again && !this.#stopped);
      } catch (error) {
        this.#o.log.warn("webhooks: claiming deliveries failed", { error: String(error) });
      } finally {
        this.#claiming = false;
      }
    })();
  }

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

  async #claim(limit: number): Promise<Claimed[]> {
    const now = this.#o.now();
    return await this.#o.sql<Claimed[]>`
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
  }

  async #attempt(delivery: Claimed) {
    try {
      const body = delivery.body ?? (await this.#firstBody(delivery));
      const outcome = body === undefined
        ? { statusCode: null, error: "The event is no longer held" }
        : await this.#send(delivery, body);
      await this.#record(delivery, outcome, body === undefined);
    } catch (error) {
      // Left claimed: due again when its lease ends.
      this.#o.log.warn("webhooks: an attempt failed to be recorded", {
        delivery: delivery.id,
        error: String(error),
      });
    }
  }

  /** The body { type, timestamp, data }, built once and kept with the delivery. */
  async #firstBody(delivery: Claimed): Promise<string | undefined> {
    const [event] = await eventsById(this.#o.sql, [Number(delivery.eventId)]);
    if (!event) return undefined;
    const body = JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });
    await this.#o
      .sql`update webhook_deliveries set body = ${body} where id = ${delivery.id} and body is null`;
    return body;
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

  async #record(delivery: Claimed, outcome: Outcome, final: boolean) {
    const { statusCode, error } = outcome;
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const gone = statusCode === 410;
    const failed = final || gone || (!ok && delivery.attempts >= MAX_ATTEMPTS);
    const next = ok || failed
      ? null
      : new Date(this.#o.now().getTime() + RETRY_DELAYS_MS[delivery.attempts - 1]);
    await transaction(this.#o.sql, async (tx) => {
      await tx`update webhook_deliveries set status = ${
        ok ? "delivered" : failed ? "failed" : "pending"
      },
        last_status_code = ${statusCode}, last_error = ${error}, next_attempt_at = ${next}
        where id = ${delivery.id}`;
      if (gone) await disable(tx, delivery.webhookId);
    });
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
