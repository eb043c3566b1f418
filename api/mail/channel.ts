// E-mail through the outbox (outbox/outbox.ts; spec 4 §3). Over SMTP (nodemailer):
// `smtps://` speaks TLS from the start; `smtp://` upgrades with STARTTLS when the server
// offers it, and must when the URL carries a password (never sent in clear). A few
// pooled connections serve every message. The mail server's reply decides: accepted,
// sent; this message refused for good (a 5xx to its sender, recipients or content: no
// such mailbox), failed at once; anything else (4xx, no answer, a sign-in or TLS
// failure, which is the server's or our configuration's, not the message's) tried
// again after 1 min, 5 min, 30 min and 2 h, then failed. A private CA for the mail
// server is trusted with DENO_CERT (README). Urgent messages (alarms) are claimed
// before the others waiting.
//
// In demo mode without SMTP_URL the demo mailbox (mailbox.ts) is the mail server: a
// message is "sent" by keeping it there.
import nodemailer from "nodemailer";
import { type Channel, type Claimed, errorText, type Outcome } from "../outbox/channel.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE];
/** Connecting, the greeting and each reply, each at most this long. */
const TIMEOUT_MS = 20 * SECOND;
/** Connections to the mail server at once, per process. */
const CONNECTIONS = 4;

/** nodemailer's codes for a refusal of the message itself (not of the connection). */
const REFUSED_MESSAGE = new Set(["EENVELOPE", "EMESSAGE"]);

type Mail = Claimed & { to: string; from: string; subject: string; text: string; html: string };

export type MailChannelOptions = { mode: "smtp"; smtpUrl: string } | { mode: "simulator" };

export function mailChannel(options: MailChannelOptions): Channel<Mail> & { close(): void } {
  const transport = options.mode === "smtp"
    ? nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: CONNECTIONS,
      requireTLS: options.smtpUrl.startsWith("smtp:") && new URL(options.smtpUrl).password !== "",
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    })
    : null;
  return {
    name: "mail",
    table: "mail_messages",
    notifiedBy: "outbox",
    sentStatus: "sent",
    retryDelaysMs: RETRY_DELAYS_MS,
    // An attempt may wait for a pooled connection, then take each step's timeout.
    leaseMs: 5 * TIMEOUT_MS,
    // A message ready for each connection as it finishes one, and no more: claimed
    // beyond that, they wait in the pool's own queue, first come first served, and an
    // alarm claimed after them waits behind them (alarm e-mail p99 2.4–3.3 s with
    // 1,000 waiting at 32 in flight; bench/notifications.ts).
    maxInFlight: 2 * CONNECTIONS,
    claimOrder: (sql) => sql`r.urgent desc, r.next_attempt_at`,
    async load(sql, claimed) {
      const attempts = new Map(claimed.map((c) => [c.id, c.attempts]));
      const rows = await sql<Omit<Mail, "attempts">[]>`
        select id, to_address as to, from_address as from, subject, text_body as text, html_body as html
        from mail_messages where id = any(${[...attempts.keys()]}::bigint[])`;
      return rows.map((row) => ({ ...row, attempts: attempts.get(row.id)! }));
    },
    async send(mail): Promise<Outcome> {
      if (!transport) return { statusCode: 250, error: null };
      try {
        const { from, to, subject, text, html } = mail;
        const info = await transport.sendMail({ from, to, subject, text, html });
        return { statusCode: Number(/^\d{3}/.exec(info.response)?.[0] ?? 250), error: null };
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        // A code only for the message's own refusals: the verdict reads nothing else.
        return { statusCode: REFUSED_MESSAGE.has(code ?? "") ? responseCode ?? null : null, error: errorText(error) };
      }
    },
    verdict: (_mail, { statusCode, error }) =>
      error === null ? "sent" : statusCode !== null && statusCode >= 500 ? "failed" : "retry",
    settle(batch) {
      const settled = batch.filter((r) => r.status !== "pending").map((r) => r.item.id);
      if (!settled.length) return null;
      // The demo mailbox shows what it holds; a real mail server has the bodies now.
      return async (tx) => {
        await tx`update mail_messages set
            sent_at = case when status = 'sent' then now() end,
            delivered_via = case when status = 'sent' then ${options.mode} end
            ${options.mode === "smtp" ? tx`, text_body = null, html_body = null` : tx``}
          where id = any(${settled}::bigint[])`;
      };
    },
    close: () => transport?.close(),
  };
}
