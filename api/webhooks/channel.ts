// Webhook deliveries through the outbox (outbox/outbox.ts; spec 3 §6, §7). An attempt:
// the body as first built (so every retry sends the same bytes), signed for this
// attempt (signing.ts), to a public address (public_address.ts) unless
// WEBHOOK_ALLOW_PRIVATE=true, redirects not followed, within ATTEMPT_TIMEOUT_MS. A 2xx
// delivers it; a 410 disables the endpoint (audited, actor Threshold); anything else is
// retried after the next of RETRY_DELAYS_MS, and after the last one fails.
import type { Queries } from "../db/connect.ts";
import { SYSTEM, writeEvent } from "../audit/record.ts";
import { eventsById } from "../events/event_data.ts";
import { type Channel, type Claimed, errorText, type Outcome } from "../outbox/channel.ts";
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
export const ATTEMPT_TIMEOUT_MS = 15 * SECOND;

export type WebhookChannelOptions = {
  allowPrivate: boolean;
  resolve?: Resolve;
  timeoutMs?: number;
};

type Delivery = Claimed & {
  eventId: string;
  /** As first sent; null only when its event is gone. */
  body: string | null;
  webhookId: number;
  url: string;
  secret: string;
};

export function webhookChannel(
  { allowPrivate, resolve = systemResolve, timeoutMs = ATTEMPT_TIMEOUT_MS }: WebhookChannelOptions,
): Channel<Delivery> {
  return {
    name: "webhooks",
    table: "webhook_deliveries",
    notifiedBy: "events",
    sentStatus: "delivered",
    retryDelaysMs: RETRY_DELAYS_MS,
    leaseMs: timeoutMs + 15 * SECOND,
    // A switched-off endpoint's deliveries wait: they go if it is switched on again.
    dueFilter: (sql) => sql`and exists (select 1 from webhooks w where w.id = r.webhook_id and w.is_active)`,
    load: loadDeliveries,
    async send(delivery, now) {
      if (delivery.body === null) return { statusCode: null, error: "The event is no longer held" };
      if (!allowPrivate) {
        const problem = await publicAddressProblem(delivery.url, resolve);
        if (problem) return { statusCode: null, error: problem };
      }
      return await post(delivery, delivery.body, now, timeoutMs);
    },
    verdict: (delivery, { statusCode }) =>
      statusCode !== null && statusCode >= 200 && statusCode < 300
        ? "sent"
        : delivery.body === null || statusCode === 410
        ? "failed"
        : "retry",
    settle(batch) {
      const gone = new Set(batch.filter((r) => r.outcome.statusCode === 410).map((r) => r.item.webhookId));
      if (!gone.size) return null;
      return async (tx) => {
        for (const webhookId of gone) await disable(tx, webhookId);
      };
    },
  };
}

/**
 * The deliveries' endpoints and bodies: those sent before keep theirs; the others'
 * are built now, all in one read of their events, and kept.
 */
async function loadDeliveries(sql: Queries, claimed: Claimed[]): Promise<Delivery[]> {
  const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
  const rows = await sql<Omit<Delivery, "attempts">[]>`
    select d.id, d.event_id, d.body, w.id as webhook_id, w.url, w.secret
    from webhook_deliveries d join webhooks w on w.id = d.webhook_id
    where d.id = any(${[...attempts.keys()]}::bigint[])`;
  const first = rows.filter((delivery) => delivery.body === null);
  const events = first.length
    ? new Map((await eventsById(sql, first.map((d) => Number(d.eventId)))).map((e) => [e.id, e]))
    : new Map();
  const bodies = new Map(first.flatMap((delivery) => {
    const event = events.get(Number(delivery.eventId));
    if (!event) return [];
    const { type, timestamp, data } = event;
    return [[delivery.id, JSON.stringify({ type, timestamp, data })]];
  }));
  if (bodies.size) {
    await sql`update webhook_deliveries d set body = b.body
      from unnest(${[...bodies.keys()]}::bigint[], ${[...bodies.values()]}::text[]) as b(id, body)
      where d.id = b.id and d.body is null`;
  }
  return rows.map((delivery) => ({
    ...delivery,
    attempts: attempts.get(delivery.id)!,
    body: delivery.body ?? bodies.get(delivery.id) ?? null,
  }));
}

async function post(delivery: Delivery, body: string, now: Date, timeoutMs: number): Promise<Outcome> {
  const headers = {
    "content-type": "application/json",
    "user-agent": "Threshold-Webhooks/1",
    ...(await signedHeaders(delivery.secret, `evt_${delivery.eventId}`, now, body)),
  };
  try {
    const res = await fetch(delivery.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    if (res.status >= 300 && res.status < 400) {
      return { statusCode: res.status, error: "Redirects are not followed" };
    }
    return { statusCode: res.status, error: null };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return { statusCode: null, error: timedOut ? `No answer within ${timeoutMs / SECOND} seconds` : errorText(error) };
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
