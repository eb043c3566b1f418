// Web Push through the outbox (outbox/outbox.ts; spec 4 §3): each message to its
// subscription (send.ts), signed with the server's VAPID keys (vapid.ts, read once per
// batch: every process shares them). A 2xx sent it; a 404 or 410 means the browser
// dropped the subscription: it is deleted, and its other waiting messages with it;
// anything else is tried again after 10 s, 1 min and 5 min, then dropped (failed).
// Critical alarms (Urgency: high) go before whatever else waits.
import { type Channel, type Claimed } from "../outbox/channel.ts";
import { sendPush, type PushPayload, type PushTarget } from "./send.ts";
import { type VapidKeys, vapidKeys } from "./vapid.ts";

const SECOND = 1000;
export const RETRY_DELAYS_MS = [10 * SECOND, 60 * SECOND, 5 * 60 * SECOND];
const TIMEOUT_MS = 10 * SECOND;

type Push = Claimed & PushTarget & {
  subscriptionId: string;
  payload: string;
  urgency: "high" | "normal";
  vapid: VapidKeys;
};

const GONE = new Set([404, 410]);

/** `subject`: how a push service's operator reaches ours (send.ts): mailto: or https:. */
export function pushChannel({ subject }: { subject: string }): Channel<Push> {
  return {
    name: "push",
    table: "push_messages",
    notifiedBy: "outbox",
    sentStatus: "sent",
    retryDelaysMs: RETRY_DELAYS_MS,
    leaseMs: TIMEOUT_MS + 15 * SECOND,
    claimOrder: (sql) => sql`r.urgency = 'high' desc, r.next_attempt_at`,
    async load(sql, claimed) {
      const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
      const rows = await sql<Omit<Push, "attempts" | "vapid">[]>`
        select m.id, m.subscription_id, m.payload, m.urgency, s.endpoint, s.p256dh, s.auth
        from push_messages m join push_subscriptions s on s.id = m.subscription_id
        where m.id = any(${[...attempts.keys()]}::bigint[])`;
      if (!rows.length) return [];
      const vapid = await vapidKeys(sql);
      return rows.map((row) => ({ ...row, attempts: attempts.get(row.id)!, vapid }));
    },
    send: (push) =>
      sendPush(push, JSON.parse(push.payload) as PushPayload, {
        urgency: push.urgency,
        vapid: push.vapid,
        subject,
        timeoutMs: TIMEOUT_MS,
      }),
    verdict: (_push, { statusCode }) =>
      statusCode !== null && statusCode >= 200 && statusCode < 300
        ? "sent"
        : statusCode !== null && GONE.has(statusCode)
        ? "failed"
        : "retry",
    settle(batch) {
      const sent = batch.filter((r) => r.status === "sent").map((r) => r.item.id);
      const gone = batch.filter((r) => r.outcome.statusCode !== null && GONE.has(r.outcome.statusCode))
        .map((r) => r.item.subscriptionId);
      if (!sent.length && !gone.length) return null;
      return async (tx) => {
        if (sent.length) await tx`update push_messages set sent_at = now() where id = any(${sent}::bigint[])`;
        if (gone.length) await tx`delete from push_subscriptions where id = any(${gone}::bigint[])`;
      };
    },
  };
}
