// The simulator's hosted page end to end over HTTP, as a browser would use it:
// start → open the page → submit a decision → the signed webhooks reach the API
// → redirect to /app?verification=complete → the status says what happened.
import { assert, assertEquals, assertMatch } from "../../testing/assert.ts";
import {
  addUser,
  describeApp,
  sessionCookie,
  startTestApp,
  TEST_ORIGIN,
} from "../../testing/test_app.ts";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describeApp("stripe hosted page", async (t, { sql, login, request, integrations }) => {
  const simulator = integrations.stripe.simulator!;
  await addUser(sql, { email: "ada@example.com" });
  await addUser(sql, { email: "bob@example.com" });
  await addUser(sql, { email: "cy@example.com" });

  /** Starts a verification; answers the hosted page's path. */
  async function start(email: string) {
    const person = await login(email);
    const res = await person.request("POST", "/api/stripe/verification-session");
    assertEquals(res.status, 200);
    return { person, path: new URL(res.json.url).pathname };
  }
  const status = async (person: Awaited<ReturnType<typeof login>>) =>
    (await person.request("GET", "/api/stripe/verification-status")).json;

  await t.step(
    "the page is accessible HTML with forms and no script, under the app's CSP",
    async () => {
      const { path } = await start("ada@example.com");
      const res = await request("GET", path);
      assertEquals(res.status, 200);
      assertMatch(res.headers.get("content-type")!, /^text\/html/);
      assertMatch(res.headers.get("content-security-policy")!, /form-action 'self'/);
      assertMatch(res.text, /<html lang="en">/);
      assertMatch(res.text, /<h1>Verify your identity<\/h1>/);
      assertMatch(res.text, new RegExp(`<form method="post" action="${path}">`));
      for (
        const [value, label] of [["complete", "Complete"], ["fail", "Fail"], ["cancel", "Cancel"]]
      ) {
        assertMatch(
          res.text,
          new RegExp(
            `<button[^>]*type="submit" name="decision" value="${value}">${label} verification</button>`,
          ),
        );
      }
      assertMatch(res.text, /<legend>Outcome of the verification<\/legend>/);
      assert(!/<script/i.test(res.text), "no script");
    },
  );

  await t.step("complete → signed webhooks → redirect → verified", async () => {
    const ada = await login("ada@example.com");
    const path = new URL((await status(ada)).verificationUrl).pathname;
    const before = simulator.deliveries.length;
    const res = await request("POST", path, { raw: "decision=complete", headers: FORM });
    assertEquals(res.status, 303);
    assertEquals(res.headers.get("location"), `${TEST_ORIGIN}/app?verification=complete`);
    const sent = simulator.deliveries.slice(before);
    assertEquals(sent.map((d) => [d.type, d.status]), [
      ["identity.verification_session.processing", 200],
      ["identity.verification_session.verified", 200],
    ]);
    const now = await status(ada);
    assertEquals([now.verified, now.status, now.lastError], [true, "verified", null]);
    assert(Date.now() - Date.parse(now.verificationDate) < 60_000);
    // The page now says it is over; a second decision is refused.
    assertMatch((await request("GET", path)).text, /is complete: the identity was verified/);
    assertEquals(
      (await request("POST", path, { raw: "decision=cancel", headers: FORM })).status,
      409,
    );
    assertEquals((await status(ada)).status, "verified");
  });

  await t.step("fail → requires_input with the error; then complete works", async () => {
    const { person: bob, path } = await start("bob@example.com");
    const failed = await request("POST", path, { raw: "decision=fail", headers: FORM });
    assertEquals(failed.status, 303);
    const now = await status(bob);
    assertEquals([now.verified, now.status], [false, "requires_input"]);
    assertEquals(now.lastError.code, "document_unverified_other");
    assertMatch(now.lastError.message, /could not be verified/);
    assertEquals(new URL(now.verificationUrl).pathname, path); // "Continue Verification"
    assertMatch((await request("GET", path)).text, /role="alert"[^]*The last attempt failed/);
    await request("POST", path, { raw: "decision=complete", headers: FORM });
    const after = await status(bob);
    assertEquals([after.verified, after.lastError, after.verificationUrl], [true, null, null]);
  });

  await t.step("cancel → canceled", async () => {
    const { person: cy, path } = await start("cy@example.com");
    assertEquals(
      (await request("POST", path, { raw: "decision=cancel", headers: FORM })).status,
      303,
    );
    const now = await status(cy);
    assertEquals([now.verified, now.status, now.verificationUrl], [false, "canceled", null]);
  });

  await t.step("unknown links and decisions", async () => {
    assertEquals((await request("GET", "/sim/stripe/verify/nope")).status, 404);
    assertEquals(
      (await request("POST", "/sim/stripe/verify/nope", {
        raw: "decision=complete",
        headers: FORM,
      })).status,
      404,
    );
    const { path } = await start("cy@example.com");
    assertEquals(
      (await request("POST", path, { raw: "decision=maybe", headers: FORM })).status,
      400,
    );
    assertEquals((await request("POST", path, { raw: "", headers: FORM })).status, 400);
  });
});

Deno.test({
  name: "stripe hosted page: the whole flow over a real socket",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    // The app's public origin must be the listening one, so pick a free port first.
    const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (probe.addr as Deno.NetAddr).port;
    probe.close();
    const origin = `http://127.0.0.1:${port}`;
    const testApp = await startTestApp({ PUBLIC_ORIGIN: origin });
    const server = Deno.serve({ hostname: "127.0.0.1", port, onListen() {} }, testApp.app.fetch);
    try {
      await addUser(testApp.sql, { email: "dee@example.com" });
      const http = (path: string, init: RequestInit = {}) =>
        fetch(new URL(path, origin), { redirect: "manual", ...init });
      const signIn = await http("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "dee@example.com", password: "correct horse battery" }),
      });
      await signIn.body?.cancel();
      const cookie = sessionCookie(signIn.headers);

      const started = await http("/api/stripe/verification-session", {
        method: "POST",
        headers: { origin, cookie },
      });
      const { url } = await started.json();
      assert(url.startsWith(`${origin}/sim/stripe/verify/`), url);

      const page = await fetch(url);
      assertEquals(page.status, 200);
      assertMatch(await page.text(), /Complete verification/);

      // The browser submits the form (same origin, as form-action 'self' requires).
      const submitted = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { ...FORM, origin },
        body: "decision=complete",
      });
      await submitted.body?.cancel();
      assertEquals(submitted.status, 303);
      assertEquals(submitted.headers.get("location"), `${origin}/app?verification=complete`);

      const after = await http("/api/stripe/verification-status", { headers: { cookie } });
      const body = await after.json();
      assertEquals([body.verified, body.status], [true, "verified"]);
    } finally {
      await server.shutdown();
      await testApp.close();
    }
  },
});
