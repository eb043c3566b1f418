// How e-mail leaves (spec 4 §3): SMTP_URL wins; demo mode without it, the demo mailbox;
// otherwise off. The sender: MAIL_FROM, or no-reply@ the public origin's host, else the
// request's.
import { assertEquals } from "../testing/assert.ts";
import { loadConfig } from "../config.ts";
import { mailFrom, mailMode } from "./mode.ts";

const server = { DATABASE_URL: "postgres://db/threshold" };

Deno.test("mail mode", () => {
  assertEquals(mailMode(loadConfig({})), "simulator", "embedded: demo mode");
  assertEquals(mailMode(loadConfig({ SMTP_URL: "smtp://u:p@mail.example.com:587" })), "smtp", "SMTP_URL wins over demo");
  assertEquals(mailMode(loadConfig(server)), "off");
  assertEquals(mailMode(loadConfig({ ...server, DEMO: "true" })), "simulator");
  assertEquals(mailMode(loadConfig({ ...server, SMTP_URL: "smtps://mail.example.com" })), "smtp");
});

Deno.test("mail sender", () => {
  assertEquals(mailFrom(loadConfig({ MAIL_FROM: "Ops <ops@example.com>" }), "x.test"), "Ops <ops@example.com>");
  assertEquals(
    mailFrom(loadConfig({ PUBLIC_ORIGIN: "https://doors.example.com" }), "x.test"),
    "Threshold <no-reply@doors.example.com>",
  );
  assertEquals(mailFrom(loadConfig({}), "api.internal:8000"), "Threshold <no-reply@api.internal>");
});
