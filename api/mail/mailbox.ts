// The demo mailbox (spec 4 §3): in demo mode without SMTP_URL, every message "sent"
// lands here (mail/channel.ts keeps it), readable at /sim/mail with its links and, for
// scripts, at GET /sim/mail/messages. Served only then, like the other simulators.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { escapeHtml } from "../http/escape_html.ts";
import { notFound } from "../http/not_found.ts";
import { mailMode } from "./mode.ts";
import type { MailboxMessage } from "./contract.ts";

export const MAILBOX_PATH = "/sim/mail";
/** Shown at most: a demo's mailbox, not an archive. */
const SHOWN = 200;

async function messages(c: Context<Env>, id?: number): Promise<MailboxMessage[]> {
  if (mailMode(c.var.config) !== "simulator") throw notFound.mailbox();
  return await c.var.sql<MailboxMessage[]>`
    select id::int, to_address as to, subject, text_body as text, html_body as html, sent_at as at
    from mail_messages
    where delivered_via = 'simulator' ${id === undefined ? c.var.sql`` : c.var.sql`and id = ${id}`}
    order by id desc limit ${SHOWN}`;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Threshold demo mailbox</title>
<style>body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
li { margin: .75rem 0; } .muted { color: #59636e; font-size: .9rem; }
article { border: 1px solid #d1d9e0; border-radius: 8px; padding: 0 1rem; }</style>
</head><body><p class="muted">Demo mailbox: e-mail Threshold would have sent (no SMTP_URL is set)</p>${body}</body></html>`;

export const mailboxRoutes = new Hono<Env>()
  .get("/messages", async (c) => c.json(await messages(c)))
  .get("/:id{[0-9]{1,15}}", async (c) => {
    const [message] = await messages(c, Number(c.req.param("id")));
    if (!message) throw notFound.mail();
    // The message's own HTML part (made by mail/compose.ts, its texts escaped there).
    const body = message.html.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, "");
    return c.html(page(message.subject, `<p><a href="${MAILBOX_PATH}">All messages</a></p>
<h1>${escapeHtml(message.subject)}</h1><p class="muted">To ${escapeHtml(message.to)} · ${message.at.toISOString()}</p>
<article>${body}</article>`));
  })
  .get("/", async (c) => {
    const list = await messages(c);
    return c.html(page(
      "Mailbox",
      `<h1>Mailbox</h1>${
        list.length
          ? `<ul>${
            list.map((m) =>
              `<li><a href="${MAILBOX_PATH}/${m.id}">${escapeHtml(m.subject)}</a><br><span class="muted">To ${
                escapeHtml(m.to)
              } · ${m.at.toISOString()}</span></li>`
            ).join("")
          }</ul>`
          : "<p>No messages yet.</p>"
      }`,
    ));
  });
