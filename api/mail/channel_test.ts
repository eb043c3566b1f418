// E-mail through the outbox (spec 4 §3) to a real SMTP server on a loopback port: a
// message is a row of its cause's transaction (rolled back, nothing goes); it arrives
// with a plain-text and an HTML part; a temporary refusal is retried on the exact
// schedule (a controlled clock), a permanent one fails at once; two outboxes send each
// message once; GET /api/mail shows how sending went, never a body; the demo mailbox
// shows what it holds, and only in demo mode without SMTP. STARTTLS and implicit TLS:
// smtp_tls_test.ts.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, signInAdmin, startTestApp } from "../testing/test_app.ts";
import { startSmtpServer } from "../testing/smtp_server.ts";
import { createLogger } from "../http/logger.ts";
import { transaction } from "../http/transaction.ts";
import { Outbox } from "../outbox/outbox.ts";
import type { Queries } from "../db/connect.ts";
import { compose } from "./compose.ts";
import { queueMail } from "./queue.ts";
import { mailChannel, RETRY_DELAYS_MS } from "./channel.ts";

Deno.test({
  name: "mail through the outbox",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const testApp = await startTestApp();
    const smtp = await startSmtpServer();
    const channel = mailChannel({ mode: "smtp", smtpUrl: smtp.url });
    try {
      const { sql, listen } = testApp;
      const admin = await signInAdmin(testApp);
      let clock = new Date();
      const outbox = () =>
        new Outbox({ sql, listen, log: createLogger("silent"), now: () => clock, channels: [channel] });
      const sending = { on: true, from: "Threshold <no-reply@threshold.test>" };
      const write = (tx: Queries, subject: string, to = "ann@example.com") =>
        queueMail(tx, sending, [{
          to,
          ...compose({
            subject,
            lines: ["Front door in Lobby <forced>."],
            action: { label: "Open the alarm", url: "https://threshold.test/dash/alarms?alarm=7&x=1" },
          }),
        }]);
      const row = async (subject: string) =>
        (await sql<{ status: string; attempts: number; nextAttemptAt: Date | null; textBody: string | null; lastStatusCode: number | null; lastError: string | null }[]>`
          select status, attempts, next_attempt_at, text_body, last_status_code, last_error
          from mail_messages where subject = ${subject}`)[0];

      await t.step("a cause rolled back sends nothing; committed, its message arrives with both parts", async () => {
        const refused = await transaction(sql, async (tx) => {
          await write(tx, "Rolled back");
          throw new Error("the cause failed");
        }).catch((error) => error);
        assert(refused instanceof Error);
        await transaction(sql, (tx) => write(tx, "Door forced open: Front door"));
        clock = new Date(Date.now() + 1_000);
        assertEquals(await outbox().sendDue(), 1);
        assertEquals(smtp.received.length, 1);
        const [mail] = smtp.received;
        assertEquals(mail.to, ["ann@example.com"]);
        assertEquals(mail.from, "no-reply@threshold.test");
        assertEquals(mail.subject, "Door forced open: Front door");
        assert(mail.text.includes("Front door in Lobby <forced>."), mail.text);
        assert(mail.text.includes("Open the alarm: https://threshold.test/dash/alarms?alarm=7&x=1"), mail.text);
        assert(mail.text.includes("Threshold"));
        assert(mail.html.includes("Front door in Lobby &#60;forced&#62;."), mail.html);
        assert(mail.html.includes('<a href="https://threshold.test/dash/alarms?alarm=7&#38;x=1">Open the alarm</a>'), mail.html);
        assert(!/<img|https?:\/\/(?!threshold\.test)/.test(mail.html), "no tracking, no remote content");
        const sent = await row("Door forced open: Front door");
        assertEquals([sent.status, sent.attempts, sent.lastStatusCode, sent.textBody], ["sent", 1, 250, null]);
        assertEquals(await row("Rolled back"), undefined);
      });

      await t.step("a temporary refusal is retried after 1 min, 5 min, 30 min and 2 h, then failed", async () => {
        await transaction(sql, (tx) => write(tx, "Refused"));
        smtp.refuseNext(451, "Try again later", RETRY_DELAYS_MS.length + 1);
        clock = new Date(Date.now() + 1_000);
        assertEquals(await outbox().sendDue(), 1);
        for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
          const pending = await row("Refused");
          assertEquals([pending.status, pending.attempts, pending.lastStatusCode], ["pending", i + 1, 451]);
          assert(pending.lastError?.includes("Try again later"), pending.lastError ?? "");
          assertEquals(pending.nextAttemptAt!.getTime(), clock.getTime() + delay);
          clock = new Date(clock.getTime() + delay - 1);
          assertEquals(await outbox().sendDue(), 0, `attempt ${i + 2} a moment early`);
          clock = new Date(clock.getTime() + 1);
          assertEquals(await outbox().sendDue(), 1, `attempt ${i + 2} when due`);
        }
        const failed = await row("Refused");
        assertEquals([failed.status, failed.attempts, failed.nextAttemptAt], ["failed", 5, null]);
        assertEquals(smtp.received.filter((m) => m.subject === "Refused").length, 0);
      });

      await t.step("refused once, it goes at the next attempt", async () => {
        await transaction(sql, (tx) => write(tx, "Second try"));
        smtp.refuseNext(421, "Service not available");
        clock = new Date(Date.now() + 1_000);
        assertEquals(await outbox().sendDue(), 1);
        assertEquals((await row("Second try")).status, "pending");
        clock = new Date(clock.getTime() + RETRY_DELAYS_MS[0]);
        assertEquals(await outbox().sendDue(), 1);
        assertEquals((await row("Second try")).status, "sent");
        assertEquals(smtp.received.filter((m) => m.subject === "Second try").length, 1);
      });

      await t.step("a permanent refusal fails at once", async () => {
        await transaction(sql, (tx) => write(tx, "No such mailbox"));
        smtp.refuseNext(550, "No such user here");
        clock = new Date(Date.now() + 1_000);
        assertEquals(await outbox().sendDue(), 1);
        const failed = await row("No such mailbox");
        assertEquals([failed.status, failed.attempts, failed.lastStatusCode], ["failed", 1, 550]);
      });

      await t.step("two outboxes on one database send each message once", async () => {
        const subjects = Array.from({ length: 40 }, (_, i) => `Batch ${i}`);
        await transaction(sql, async (tx) => {
          for (const subject of subjects) await write(tx, subject);
        });
        clock = new Date(Date.now() + 1_000);
        const [a, b] = await Promise.all([outbox().sendDue(), outbox().sendDue()]);
        assertEquals(a + b, 40);
        const batch = smtp.received.filter((m) => m.subject.startsWith("Batch "));
        assertEquals(batch.length, 40);
        assertEquals(new Set(batch.map((m) => m.subject)).size, 40);
      });

      await t.step("an urgent message (an alarm's) goes before a backlog", async () => {
        await transaction(sql, async (tx) => {
          for (let i = 0; i < 40; i++) await write(tx, `Backlog ${i}`);
          await queueMail(tx, sending, [{ to: "ops@example.com", ...compose({ subject: "Urgent", lines: ["Now"] }) }], { urgent: true });
        });
        const from = smtp.received.length;
        clock = new Date(Date.now() + 1_000);
        assertEquals(await outbox().sendDue(), 41);
        const at = smtp.received.slice(from).findIndex((m) => m.subject === "Urgent");
        // In the first claim: 8 at a time (two per pooled connection), each batch sent
        // before the next is claimed.
        assert(at >= 0 && at < 8, `the urgent message was ${at + 1} of 41`);
      });

      await t.step("while e-mail is off a message is kept unsent, and never sent", async () => {
        await transaction(sql, (tx) =>
          queueMail(tx, { on: false, from: sending.from }, [{ to: "bo@example.com", ...compose({ subject: "Off", lines: ["x"] }) }]));
        clock = new Date(Date.now() + 60_000);
        assertEquals(await outbox().sendDue(), 0);
        assertEquals((await row("Off")).status, "unsent");
      });

      await t.step("GET /api/mail: the latest messages, how sending went, never a body; admins only", async () => {
        const res = await admin.request("GET", "/api/mail");
        assertEquals(res.status, 200);
        const [newest] = res.json;
        assertEquals(Object.keys(newest).sort(), ["attempts", "createdAt", "id", "lastError", "sentAt", "status", "subject", "to"]);
        assertEquals([newest.subject, newest.status, newest.to], ["Off", "unsent", "bo@example.com"]);
        const failed = res.json.find((m: { subject: string }) => m.subject === "No such mailbox");
        assertEquals([failed.status, failed.attempts], ["failed", 1]);
        assert(failed.lastError.includes("No such user here"));
        assert(!JSON.stringify(res.json).includes("Front door in Lobby"), "no body");
        assertEquals((await testApp.request("GET", "/api/mail")).status, 401);
        await addUser(sql, { email: "member@example.com" });
        assertEquals((await (await testApp.login("member@example.com")).request("GET", "/api/mail")).status, 403);
      });

      await t.step("the demo mailbox keeps what the simulator sent, newest first", async () => {
        const simulator = mailChannel({ mode: "simulator" });
        await transaction(sql, (tx) => write(tx, "Demo message", "dee@example.com"));
        clock = new Date(Date.now() + 1_000);
        assertEquals(await new Outbox({ sql, listen, log: createLogger("silent"), now: () => clock, channels: [simulator] }).sendDue(), 1);
        const res = await testApp.request("GET", "/sim/mail/messages");
        assertEquals(res.status, 200);
        assertEquals(res.json.length, 1, "only what the mailbox holds, not what went over SMTP");
        const [held] = res.json;
        assertEquals([held.to, held.subject], ["dee@example.com", "Demo message"]);
        assert(held.text.includes("Open the alarm: https://threshold.test/dash/alarms?alarm=7&x=1"));
        assert(held.html.includes("<a href="));
        const list = await testApp.request("GET", "/sim/mail");
        assert(list.text.includes(`href="/sim/mail/${held.id}"`) && list.text.includes("Demo message"), list.text);
        const page = await testApp.request("GET", `/sim/mail/${held.id}`);
        assertEquals(page.status, 200);
        assert(page.text.includes('<a href="https://threshold.test/dash/alarms?alarm=7&#38;x=1">Open the alarm</a>'));
        assertEquals((await testApp.request("GET", "/sim/mail/999999")).status, 404);
      });
    } finally {
      channel.close();
      await smtp.close();
      await testApp.close();
    }
  },
});

Deno.test({
  name: "the demo mailbox is served only in demo mode without SMTP_URL",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const withSmtp = await startTestApp({ SMTP_URL: "smtp://mail.example.com:587" });
    try {
      const res = await withSmtp.request("GET", "/sim/mail/messages");
      assertEquals(res.status, 404);
      assertEquals(res.json.error, "The demo mailbox is off (SMTP_URL is set, or this is not demo mode)");
      assertEquals((await withSmtp.request("GET", "/api/health")).json.mail, "smtp");
    } finally {
      await withSmtp.close();
    }
  },
});
