// Invitations (spec 4 §4): a user created with invite: true, or sent Resend
// Invitation, gets an e-mail with a link that sets their password once, within 7
// days; a newer link voids the older; a deactivated user's links stop working; the
// token is kept only as its hash and appears in no log, audit event or mail listing.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp, sessionCookie, TEST_ORIGIN, TEST_PASSWORD } from "../testing/test_app.ts";
import { createApp } from "../app.ts";
import type { Logger } from "../http/logger.ts";

const GONE = "This invitation has expired or was already used";

describeApp("invitations", async (t, testApp) => {
  const { sql, request } = testApp;
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await testApp.login("admin@example.com");

  /** The newest e-mail to `email`, and the token of its link. */
  const mailTo = async (email: string) => {
    const [message] = await sql<{ subject: string; textBody: string; htmlBody: string }[]>`
      select subject, text_body, html_body from mail_messages where to_address = ${email} order by id desc limit 1`;
    // The link leads to PUBLIC_ORIGIN, never to whatever Host a request named.
    const token = new RegExp(`Set your password: ${TEST_ORIGIN}/invite/([A-Za-z0-9_-]{43})\n`).exec(message?.textBody ?? "")?.[1];
    return { ...message, token: token! };
  };
  const invite = async (email: string, firstName = "Ivy") => {
    const res = await admin.request("POST", "/api/users", { body: { firstName, lastName: "Invited", email, invite: true } });
    assertEquals(res.status, 201, res.text);
    return { id: res.json.id as number, ...(await mailTo(email)) };
  };
  const accept = (token: string, password = "chosen password") =>
    request("POST", `/api/auth/invitations/${token}/accept`, { body: { password } });

  await t.step("invite: true makes a user without a password and e-mails the link", async () => {
    const ivy = await invite("ivy@example.com");
    assertEquals(ivy.subject, "You're invited to Threshold");
    assert(ivy.textBody.includes("Hello Ivy,"), ivy.textBody);
    assert(ivy.htmlBody.includes(`/invite/${ivy.token}`));
    const events = await sql`select action from audit_events where target_id = ${ivy.id} order by id`;
    assertEquals(events.map((e) => e.action), ["user.create", "user.invite"]);
    const [row] = await sql`select token_hash, expires_at - created_at as lifetime from invitations where user_id = ${ivy.id}`;
    assertEquals(row.tokenHash.length, 64);
    assertEquals(row.lifetime, "7 days");
    // No password yet: nothing signs them in, not even the server's own dummy one.
    for (const password of [TEST_PASSWORD, "timing-equaliser-password", "anything at all"]) {
      const res = await request("POST", "/api/auth/login", { body: { email: "ivy@example.com", password } });
      assertEquals(res.status, 401);
    }
  });

  await t.step("the link says whom it is for; accepting sets the password and signs in", async () => {
    const ann = await invite("ann@example.com", "Ann");
    const read = await request("GET", `/api/auth/invitations/${ann.token}`);
    assertEquals(read.status, 200);
    assertEquals(read.headers.get("cache-control"), "no-store");
    assertEquals([read.json.email, read.json.firstName], ["ann@example.com", "Ann"]);
    const days = (Date.parse(read.json.expiresAt) - Date.now()) / 86_400_000;
    assert(days > 6.99 && days <= 7, `${days} days`);

    const tooShort = await accept(ann.token, "short");
    assertEquals([tooShort.status, tooShort.json.error], [400, "password: must be at least 8 characters"]);
    const res = await accept(ann.token);
    assertEquals(res.status, 200, res.text);
    assertEquals(res.json.user.email, "ann@example.com");
    const me = await request("GET", "/api/auth/me", { cookie: sessionCookie(res.headers) });
    assertEquals(me.json.user.id, ann.id);
    const signIn = await request("POST", "/api/auth/login", { body: { email: "ann@example.com", password: "chosen password" } });
    assertEquals(signIn.status, 200);
    const [event] = await sql`select actor_id, target_id from audit_events where action = 'auth.invitation_accept'`;
    assertEquals([event.actorId, event.targetId], [ann.id, ann.id]);

    // Used once: the link opens nothing now.
    for (const again of [await request("GET", `/api/auth/invitations/${ann.token}`), await accept(ann.token, "another password")]) {
      assertEquals([again.status, again.json.error], [404, GONE]);
    }
    const still = await request("POST", "/api/auth/login", { body: { email: "ann@example.com", password: "chosen password" } });
    assertEquals(still.status, 200);
  });

  await t.step("Resend Invitation e-mails a new link and voids the older", async () => {
    const bo = await invite("bo@example.com");
    const resent = await admin.request("POST", `/api/users/${bo.id}/resend-invitation`);
    assertEquals(resent.status, 202);
    assertEquals([resent.json.queued, resent.json.status, resent.json.email], [true, "queued", "bo@example.com"]);
    const newer = await mailTo("bo@example.com");
    assert(newer.token !== bo.token);
    assertEquals((await accept(bo.token)).status, 404);
    assertEquals((await accept(newer.token)).status, 200);
  });

  await t.step("an expired link, and a deactivated user's, open nothing", async () => {
    const cy = await invite("cy@example.com");
    await sql`update invitations set expires_at = now() - interval '1 second' where user_id = ${cy.id}`;
    assertEquals((await request("GET", `/api/auth/invitations/${cy.token}`)).status, 404);

    const di = await invite("di@example.com");
    assertEquals((await admin.request("PATCH", `/api/users/${di.id}/toggle-active`)).status, 200);
    assertEquals((await request("GET", `/api/auth/invitations/${di.token}`)).status, 404);
    // Reactivated, the old link stays void: deactivation ended it.
    assertEquals((await admin.request("PATCH", `/api/users/${di.id}/toggle-active`)).status, 200);
    assertEquals((await accept(di.token)).json.error, GONE);
    const deactivated = await admin.request("PATCH", `/api/users/${di.id}/toggle-active`);
    assertEquals(deactivated.json.isActive, false);
    const resend = await admin.request("POST", `/api/users/${di.id}/resend-invitation`);
    assertEquals(resend.status, 409);
  });

  await t.step("a changed e-mail address voids the links sent to the old one", async () => {
    const ed = await invite("ed@example.com");
    const changed = await admin.request("PUT", `/api/users/${ed.id}`, {
      body: { firstName: "Ed", lastName: "Invited", email: "ed.new@example.com" },
    });
    assertEquals(changed.status, 200);
    assertEquals((await accept(ed.token)).status, 404);
  });

  await t.step("two acceptances of one link at once: one sets the password", async () => {
    const fay = await invite("fay@example.com");
    const answers = await Promise.all([accept(fay.token, "first password"), accept(fay.token, "second password")]);
    assertEquals(answers.map((a) => a.status).sort(), [200, 404]);
    const won = answers[0].status === 200 ? "first password" : "second password";
    const res = await request("POST", "/api/auth/login", { body: { email: "fay@example.com", password: won } });
    assertEquals(res.status, 200);
  });

  await t.step("text that cannot be a token is an unknown link, and changes nothing", async () => {
    const gus = await invite("gus@example.com");
    for (const token of [gus.token.slice(1), `${gus.token}A`, "%E2%80%AE" + gus.token.slice(1), "..%2F..%2Fapi", "%F0%9F%94%91".repeat(11)]) {
      const read = await request("GET", `/api/auth/invitations/${token}`);
      assertEquals([read.status, read.json.error], [404, GONE], token);
      assertEquals((await accept(token)).status, 404, token);
    }
    // A control character is bad input, as in any path.
    const nul = await request("GET", `/api/auth/invitations/${gus.token.slice(1)}%00`);
    assertEquals([nul.status, nul.json.error], [400, "token: must not contain control characters"]);
    const [row] = await sql`select used_at from invitations where user_id = ${gus.id}`;
    assertEquals(row.usedAt, null);
    const badBody = await request("POST", `/api/auth/invitations/${gus.token}/accept`, { body: { password: 12345678 } });
    assertEquals(badBody.status, 400);
    assertEquals((await accept(gus.token)).status, 200);
  });

  await t.step("an invitation with a password, or a plain user without one, is refused", async () => {
    const both = await admin.request("POST", "/api/users", {
      body: { firstName: "Hal", lastName: "X", email: "hal@example.com", invite: true, password: "a password" },
    });
    assertEquals([both.status, both.json.error], [400, "An invited user sets their own password"]);
    const neither = await admin.request("POST", "/api/users", { body: { firstName: "Hal", lastName: "X", email: "hal@example.com" } });
    assertEquals([neither.status, neither.json.error], [400, "Password is required"]);
    const wrongType = await admin.request("POST", "/api/users", {
      body: { firstName: "Hal", lastName: "X", email: "hal@example.com", invite: "yes" },
    });
    assertEquals(wrongType.status, 400);
    assertEquals((await sql`select count(*)::int as n from users where email = 'hal@example.com'`)[0].n, 0);
  });

  await t.step("the token is kept only as its hash: not in any row, event, listing or log line", async () => {
    const lines: string[] = [];
    const keep = (message: string, fields: Record<string, unknown> = {}) => void lines.push(JSON.stringify({ message, ...fields }));
    const log: Logger = { debug: keep, info: keep, warn: keep, error: keep };
    const logged = createApp({ sql, listen: testApp.listen, config: testApp.config, log, integrations: testApp.integrations });
    const ida = await invite("ida@example.com");
    for (const [method, path, body] of [
      ["GET", `/api/auth/invitations/${ida.token}`],
      ["POST", `/api/auth/invitations/${ida.token}/accept`, JSON.stringify({ password: "chosen password" })],
      ["GET", `/invite/${ida.token}`],
    ]) {
      const res = await logged.request(new URL(path!, TEST_ORIGIN), {
        method,
        body,
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      });
      await res.body?.cancel();
    }
    assert(lines.some((line) => line.includes('"/api/auth/invitations/…/accept"')), lines.join("\n"));
    assert(!lines.some((line) => line.includes(ida.token)), "a log line holds the token");
    const [found] = await sql`
      select (select count(*) from invitations i where i.token_hash = ${ida.token} or i.email like ${`%${ida.token}%`})
           + (select count(*) from audit_events e where e::text like ${`%${ida.token}%`})
           + (select count(*) from idempotency_keys k where k::text like ${`%${ida.token}%`}) as n`;
    assertEquals(Number(found.n), 0);
    const listing = await admin.request("GET", "/api/mail");
    assert(!listing.text.includes(ida.token));
    assertMatch(listing.text, /You're invited to Threshold/);
  });
});
