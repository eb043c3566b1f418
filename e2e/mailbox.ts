// The demo mailbox of the e2e server (demo mode, no SMTP_URL): every e-mail the
// API "sends" lands there, and GET /sim/mail/messages lists them, newest first.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/** api/mail/contract.ts's MailboxMessage, as JSON. */
type Message = { id: number; to: string; subject: string; text: string; html: string; at: string };

/** Every message to `to` (newest first) now in the mailbox. */
export async function mailTo(request: APIRequestContext, to: string): Promise<Message[]> {
  const res = await request.get("/sim/mail/messages");
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Message[]).filter((message) => message.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for the newest message to `to` with `subject` (the outbox sends it within a second or so). */
export async function waitForMail(request: APIRequestContext, to: string, subject: string): Promise<Message> {
  let found: Message | undefined;
  await expect.poll(async () => {
    found = (await mailTo(request, to)).find((message) => message.subject === subject);
    return found !== undefined;
  }, { message: `"${subject}" to ${to} in the demo mailbox`, timeout: 20_000 }).toBe(true);
  return found!;
}

/**
 * The path of the link a message carries to `prefix` (e.g. "/invite/"), taken
 * from its text: the link's origin is the server's configured one, which may not
 * be the address the tests reach it at.
 */
export function linkPath(message: Message, prefix: string): string {
  const url = message.text.match(new RegExp(`https?://\\S+?${prefix}[A-Za-z0-9_-]+`))?.[0];
  if (!url) throw new Error(`no ${prefix} link in "${message.subject}": ${message.text}`);
  return new URL(url).pathname;
}
