// Writing e-mail (spec 4 §3): a row in the cause's transaction, sent later by the outbox
// (outbox/outbox.ts, mail/channel.ts), so a cause rolled back sends nothing and a
// sending mail server never holds up the cause. While e-mail is off, a message is kept
// as unsent: GET /api/mail shows what would have gone.
import type { Queries } from "../db/connect.ts";
import type { Composed } from "./compose.ts";

export type MailTo = Composed & { to: string };
export type Sending = { on: boolean; from: string };

/** `urgent`: sent before others waiting (an alarm's e-mail). */
export async function queueMail(tx: Queries, sending: Sending, messages: MailTo[], { urgent = false } = {}) {
  if (!messages.length) return;
  await tx`insert into mail_messages ${
    tx(messages.map((m) => ({
      to_address: m.to,
      from_address: sending.from,
      subject: m.subject,
      text_body: m.text,
      html_body: m.html,
      status: sending.on ? "pending" : "unsent",
      next_attempt_at: sending.on ? new Date() : null,
      urgent,
    })))
  }`;
}
