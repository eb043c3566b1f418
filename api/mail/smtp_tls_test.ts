// E-mail from real API processes (spec 4 §3) to a real SMTP server that signs its
// senders in: over STARTTLS from two processes on one database, each message sent
// once; over implicit TLS (smtps://); and never in clear with a password, even to a
// server that offers no STARTTLS. The server's certificate is the test CA's
// (testing/tls/), which the processes trust through DENO_CERT, as an operator would
// trust a private CA. Needs a PostgreSQL server (DATABASE_URL).
import { assert, assertEquals } from "../testing/assert.ts";
import { type ApiProcess, startApi } from "../testing/api_process.ts";
import { startSmtpServer, TEST_CA_PATH } from "../testing/smtp_server.ts";
import { serverDatabaseTest } from "../db/test_db.ts";
import type { Queries } from "../db/connect.ts";
import { compose } from "./compose.ts";
import { queueMail } from "./queue.ts";

const FROM = "Threshold <no-reply@threshold.test>";
const AUTH = { user: "threshold", pass: "s3cret/pass" };

const write = (sql: Queries, subjects: string[]) =>
  queueMail(sql, { on: true, from: FROM }, subjects.map((subject) => ({ to: "ops@example.com", ...compose({ subject, lines: ["Hello"] }) })));

/** Resolves once the condition holds, checked as rows change (the outbox records within a second). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = performance.now() + timeoutMs;
  let value = await read();
  while (!done(value) && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

serverDatabaseTest("e-mail over TLS from API processes", async (t, db) => {
  const { sql } = db;
  const apis: ApiProcess[] = [];
  const start = async (smtpUrl: string) => {
    const api = await startApi({ DATABASE_URL: db.url, SMTP_URL: smtpUrl, DENO_CERT: TEST_CA_PATH });
    apis.push(api);
    return api;
  };
  try {
    await t.step("STARTTLS with a password, two processes: every message arrives once, encrypted and signed in", async () => {
      const smtp = await startSmtpServer({ tls: "starttls", auth: AUTH });
      try {
        const [a, b] = await Promise.all([start(smtp.url), start(smtp.url)]);
        const health = await (await fetch(`${a.base}/api/health`)).json();
        assertEquals(health.mail, "smtp");
        const subjects = Array.from({ length: 30 }, (_, i) => `Message ${i}`);
        await write(sql, subjects);
        const got = await smtp.waitFor(30, 30_000);
        assertEquals(got.map((m) => m.subject).sort(), subjects.sort());
        assert(got.every((m) => m.secure && m.user === AUTH.user), "over TLS, signed in");
        assert(got.every((m) => m.text.includes("Hello") && m.html.includes("<p>Hello</p>")));
        const rows = await until(
          () => sql<{ status: string; n: number }[]>`select status, count(*)::int as n from mail_messages group by status`,
          (r) => r.length === 1 && r[0].status === "sent",
        );
        assertEquals([...rows], [{ status: "sent", n: 30 }]);
        await Promise.all([a.stop(), b.stop()]);
        assertEquals(smtp.received.length, 30, "none sent twice");
      } finally {
        await smtp.close();
      }
    });

    await t.step("implicit TLS (smtps://)", async () => {
      const smtp = await startSmtpServer({ tls: "implicit", auth: AUTH });
      try {
        const api = await start(smtp.url);
        await write(sql, ["Over smtps"]);
        const [mail] = await smtp.waitFor(1, 30_000);
        assertEquals([mail.subject, mail.secure, mail.user], ["Over smtps", true, AUTH.user]);
        await api.stop();
      } finally {
        await smtp.close();
      }
    });

    await t.step("a password is never sent in clear: without STARTTLS the message waits, with the reason", async () => {
      const smtp = await startSmtpServer({ tls: "none", auth: AUTH });
      try {
        const url = smtp.url; // smtp://user:pass@localhost:port, and the server offers no STARTTLS
        const api = await start(url);
        await write(sql, ["Not in clear"]);
        const [row] = await until(
          () => sql<{ status: string; attempts: number; lastError: string | null }[]>`
            select status, attempts, last_error from mail_messages where subject = 'Not in clear'`,
          (r) => r[0]?.attempts === 1 && r[0].lastError !== null,
        );
        assertEquals([row.status, row.attempts], ["pending", 1]);
        assert(/STARTTLS/i.test(row.lastError ?? ""), row.lastError ?? "");
        assertEquals(smtp.received, []);
        await api.stop();
      } finally {
        await smtp.close();
      }
    });
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
  }
});
