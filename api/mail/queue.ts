// Writing e-mail (spec 4 §3): a row in the cause's transaction, sent later by the outbox
// (outbox/outbox.ts, mail/channel.ts), so a cause rolled back sends nothing and a
// sending mail server never holds up the cause. While e-mail is off, a message is kept
// as unsent: GET /api/mail shows what would have gone.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import type { Composed } from "./compose.ts";

export type MailTo = Composed & { to: string };
export type Sending = { on: boolean; from: string };

/**
 * `urgent`: sent before others waiting (an alarm's e-mail). `when`: a condition (SQL)
 * the messages are written under, in the same statement either way: a password reset
 * writes its e-mail only for an account, and must take the same time without one.
 */
export async function queueMail(
  tx: Queries,
  sending: Sending,
  messages: MailTo[],
  { urgent = false, when }: { urgent?: boolean; when?: postgres.Fragment } = {},
) {
  if (!messages.length) return;
  await tx`
    insert into mail_messages (to_address, from_address, subject, text_body, html_body, status, next_attempt_at, urgent)
    select m.to_address, ${sending.from}, m.subject, m.text_body, m.html_body, ${sending.on ? "pending" : "unsent"},
           ${sending.on ? new Date() : null}::timestamptz, ${urgent}
    from unnest(${messages.map((m) => m.to)}::text[], ${messages.map((m) => m.subject)}::text[],
                ${messages.map((m) => m.text)}::text[], ${messages.map((m) => m.html)}::text[])
      as m(to_address, subject, text_body, html_body)
    where ${when ?? tx`true`}`;
}
