// Telling a host their guest has arrived (spec 4 §5): an e-mail `Your guest <name> has
// arrived`, and a push to each of the host's subscriptions on a live session (a
// member's only notification, always on). The arrival itself is set by the log's
// trigger (migrations 031, 033), whichever way the entry came; here each process
// claims arrivals not yet told (FOR UPDATE SKIP LOCKED) and writes their notices in
// the transaction that stamps them told, so each host hears once. Woken by the
// visit.arrived event's NOTIFY, and every POLL_MS.
import type { Queries } from "../db/connect.ts";
import { liveSessionSql } from "../auth/sessions.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import { transaction } from "../http/transaction.ts";
import { passes } from "../jobs/passes.ts";
import { compose } from "../mail/compose.ts";
import { queueMail } from "../mail/queue.ts";
import type { Notices } from "../notifications/notices.ts";
import type { PushPayload } from "../push/send.ts";

export const POLL_MS = 2_000;
/** Arrivals told in one transaction. */
const BATCH = 50;

type Arrival = {
  id: number;
  guestName: string;
  hostId: number;
  hostEmail: string;
  hostActive: boolean;
  arrivedAt: Date;
  roomName: string | null;
};

/** Writes the notices of arrivals not yet told; how many. */
export async function tellArrivals(sql: Queries, notices: Notices): Promise<number> {
  return await transaction(sql, async (tx) => {
    const arrivals = await tx<Arrival[]>`
      with due as (
        select id from visits where arrived_at is not null and arrival_noticed_at is null
        order by arrived_at limit ${BATCH} for update skip locked
      )
      update visits v set arrival_noticed_at = now() from due, users h
      where v.id = due.id and h.id = v.host_id
      returning v.id, v.guest_name, v.host_id, h.email as host_email, h.is_active as host_active, v.arrived_at,
        (select l.room_name from access_logs l where l.visit_id = v.id and l.outcome = 'success'
         order by l.timestamp, l.id limit 1) as room_name`;
    for (const arrival of arrivals) await tell(tx, arrival, notices);
    return arrivals.length;
  });
}

async function tell(tx: Queries, arrival: Arrival, notices: Notices) {
  const title = `Your guest ${arrival.guestName} has arrived`;
  const at = arrival.arrivedAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  const where = arrival.roomName ? `at ${arrival.roomName}` : "";
  const payload: PushPayload = { title, body: [where, at].filter(Boolean).join(", "), url: "/app", tag: `visit-${arrival.id}` };
  await tx`
    insert into push_messages (subscription_id, payload, urgency)
    select s.id, ${JSON.stringify(payload)}, 'normal'
    from push_subscriptions s
      join users u on u.id = s.user_id
      join sessions se on se.token_hash = s.session_token_hash
    where s.user_id = ${arrival.hostId}
      and ${liveSessionSql(tx, { session: "se", user: "u" }, notices.sessionIdleMinutes)}`;
  // Deactivated users are sent nothing (spec 4 §4); an admin's guest for them still
  // gets in, and is stamped told all the same.
  if (!arrival.hostActive) return;
  await queueMail(tx, notices.mail, [{
    to: arrival.hostEmail,
    ...compose({
      subject: title,
      lines: [`${arrival.guestName} arrived${where ? ` ${where}` : ""} at ${at}.`],
      action: { label: "Open Threshold", url: new URL("/app", notices.origin).href },
    }),
  }]);
}

/** Tells arrivals as they happen, in every process; returns a stop function. */
export async function startArrivalNotices(sql: Queries, listen: Listen, notices: Notices, log: Logger) {
  const run = passes(
    async () => void await tellArrivals(sql, notices),
    (error) => log.warn("arrival notices failed", { error: String(error) }),
  );
  const unlisten = await listen("events", () => run());
  const timer = setInterval(run, POLL_MS);
  Deno.unrefTimer(timer);
  run();
  return () => {
    clearInterval(timer);
    unlisten();
  };
}
