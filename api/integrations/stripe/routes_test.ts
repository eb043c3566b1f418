// Identity verification through the whole app, the SDK and the in-process
// simulator: starting a session, reading the status, failures that write
// nothing, and the webhook's signature checks and state rules.
import { assert, assertEquals, assertMatch } from "../../testing/assert.ts";
import { addUser, describeApp, startTestApp, TEST_ORIGIN } from "../../testing/test_app.ts";
import type { Queries } from "../../db/connect.ts";
import { createStripe } from "./client.ts";
import { STRIPE_SIMULATOR_WEBHOOK_SECRET, stripeSignature } from "./simulator.ts";

const now = () => Math.floor(Date.now() / 1000);

async function row(sql: Queries, id: number) {
  const [r] = await sql`
    select stripe_verification_session_id, stripe_verification_status, stripe_verification_url,
           stripe_verified_at, stripe_verification_error_code, stripe_verification_error_message,
           stripe_verification_event_at, updated_at
    from users where id = ${id}`;
  return r;
}

function event(
  type: string,
  session: Record<string, unknown>,
  created = now(),
) {
  return JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    type,
    data: {
      object: { object: "identity.verification_session", url: null, last_error: null, ...session },
    },
  });
}

/** POSTs as Stripe does: no Origin, no cookie. */
async function post(
  app: { request: (url: URL, init: RequestInit) => Response | Promise<Response> },
  payload: string,
  headers: Record<string, string>,
) {
  const res = await app.request(new URL("/api/stripe/webhook", TEST_ORIGIN), {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: payload,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describeApp("stripe identity routes", async (t, testApp) => {
  const { sql, login, request, app, config } = testApp;
  const simulator = testApp.integrations.stripe.simulator!;
  const memberId = await addUser(sql, { email: "member@example.com" });
  const member = await login("member@example.com");

  const webhook = async (
    payload: string,
    options: { secret?: string; t?: number; header?: string } = {},
  ) => {
    const header = options.header ??
      await stripeSignature(
        payload,
        options.secret ?? STRIPE_SIMULATOR_WEBHOOK_SECRET,
        options.t ?? now(),
      );
    return await post(app, payload, { "stripe-signature": header });
  };

  await t.step("verification-status before anything started", async () => {
    const res = await member.request("GET", "/api/stripe/verification-status");
    assertEquals(res.status, 200);
    assertEquals(res.json, {
      verified: false,
      status: null,
      verificationUrl: null,
      verificationDate: null,
      lastError: null,
    });
    assertEquals((await request("GET", "/api/stripe/verification-status")).status, 401);
  });

  await t.step("starting needs a signed-in user", async () => {
    assertEquals((await request("POST", "/api/stripe/verification-session")).status, 401);
  });

  let sessionId = "";
  await t.step(
    "POST verification-session creates a document session and answers its url",
    async () => {
      const res = await member.request("POST", "/api/stripe/verification-session");
      assertEquals(res.status, 200);
      assertEquals(Object.keys(res.json), ["url"]);
      assertMatch(res.json.url, new RegExp(`^${TEST_ORIGIN}/sim/stripe/verify/[A-Za-z0-9]{32}$`));
      const r = await row(sql, memberId);
      sessionId = r.stripeVerificationSessionId;
      assertMatch(sessionId, /^vs_/);
      assertEquals(r.stripeVerificationStatus, "requires_input");
      assertEquals(r.stripeVerificationUrl, res.json.url);
      const simulated = simulator.session(sessionId)!;
      assertEquals(simulated.returnUrl, `${TEST_ORIGIN}/app?verification=complete`);
      assertEquals(simulated.session.type, "document");
      assertEquals(simulated.session.metadata, { user_id: String(memberId) });

      const status = await member.request("GET", "/api/stripe/verification-status");
      assertEquals(status.json, {
        verified: false,
        status: "requires_input",
        verificationUrl: res.json.url,
        verificationDate: null,
        lastError: null,
      });
    },
  );

  await t.step("a body other than an object is refused", async () => {
    const res = await member.request("POST", "/api/stripe/verification-session", { body: [1] });
    assertEquals(res.status, 400);
  });

  await t.step("a failing Stripe answers 502/504 and writes nothing", async () => {
    const before = await row(sql, memberId);
    const start = () => member.request("POST", "/api/stripe/verification-session");
    simulator.fail("error");
    const outage = await start();
    assertEquals(outage.status, 502);
    assertMatch(
      outage.json.error,
      /^Stripe could not start the verification: Simulated Stripe outage/,
    );
    simulator.fail("malformed");
    assertEquals((await start()).json, {
      error: "Stripe sent an unreadable answer",
      code: "bad_gateway",
    });
    simulator.fail("wrong-shape");
    assertEquals((await start()).json, {
      error: "Stripe sent an answer of an unexpected shape",
      code: "bad_gateway",
    });
    // The same simulator behind an app with a shorter deadline.
    const impatient = testApp.withIntegrations({
      stripe: createStripe(config, { simulator, timeoutMs: 100 }),
    });
    simulator.fail("hang");
    const slow = await impatient.request("POST", "/api/stripe/verification-session", {
      cookie: member.cookie,
    });
    assertEquals([slow.status, slow.json.error], [
      504,
      "Stripe did not answer in time. Please try again.",
    ]);
    assertEquals(await row(sql, memberId), before);
  });

  await t.step(
    "webhook: a missing, wrong, tampered or replayed signature is 400 and changes nothing",
    async () => {
      const before = await row(sql, memberId);
      const payload = event("identity.verification_session.verified", {
        id: sessionId,
        status: "verified",
      });
      const missing = await post(app, payload, {});
      assertEquals([missing.status, missing.json.error], [400, "Missing Stripe-Signature header"]);
      const wrong = await webhook(payload, { secret: "whsec_someone_else" });
      assertEquals([wrong.status, wrong.json.error], [400, "Invalid Stripe signature"]);
      const signed = await stripeSignature(payload, STRIPE_SIMULATOR_WEBHOOK_SECRET, now());
      const tampered = await webhook(payload.replace('"verified"', '"verified" '), {
        header: signed,
      });
      assertEquals(tampered.status, 400);
      const replayed = await webhook(payload, { t: now() - 600 });
      assertEquals([replayed.status, replayed.json.error], [400, "Invalid Stripe signature"]);
      assertEquals((await webhook(payload, { header: "t=abc,v1=def" })).status, 400);
      assertEquals(await row(sql, memberId), before);
    },
  );

  await t.step("webhook: requires_input keeps the url and records the last error", async () => {
    const url = (await row(sql, memberId)).stripeVerificationUrl;
    const res = await webhook(event("identity.verification_session.requires_input", {
      id: sessionId,
      status: "requires_input",
      url,
      last_error: { code: "document_expired", reason: "The document is expired." },
    }, now() - 30));
    assertEquals(res.json, { received: true, applied: true });
    const status = await member.request("GET", "/api/stripe/verification-status");
    assertEquals(status.json.status, "requires_input");
    assertEquals(status.json.verificationUrl, url);
    assertEquals(status.json.lastError, {
      code: "document_expired",
      message: "The document is expired.",
    });
  });

  let verifiedAt = "";
  await t.step("webhook: verified marks the user verified at the event's time", async () => {
    const created = now() - 10;
    const res = await webhook(
      event(
        "identity.verification_session.verified",
        { id: sessionId, status: "verified" },
        created,
      ),
    );
    assertEquals([res.status, res.json.applied], [200, true]);
    const status = await member.request("GET", "/api/stripe/verification-status");
    verifiedAt = new Date(created * 1000).toISOString();
    assertEquals(status.json, {
      verified: true,
      status: "verified",
      verificationUrl: null,
      verificationDate: verifiedAt,
      lastError: null,
    });
  });

  await t.step("webhook: late or backward events do not undo a verification", async () => {
    // Older than the last applied event.
    const older = await webhook(
      event(
        "identity.verification_session.processing",
        { id: sessionId, status: "processing" },
        now() - 60,
      ),
    );
    assertEquals(older.json, { received: true, applied: false });
    // Same second, but verified is final.
    const backward = await webhook(
      event("identity.verification_session.requires_input", {
        id: sessionId,
        status: "requires_input",
      }),
    );
    assertEquals(backward.json.applied, false);
    // A repeated delivery of the success is harmless and keeps the first date.
    const again = await webhook(
      event("identity.verification_session.verified", { id: sessionId, status: "verified" }),
    );
    assertEquals(again.json.applied, true);
    const status = await member.request("GET", "/api/stripe/verification-status");
    assertEquals([status.json.status, status.json.verificationDate], ["verified", verifiedAt]);
  });

  await t.step(
    "webhook: other events and unknown sessions are acknowledged and ignored",
    async () => {
      assertEquals((await webhook(event("customer.created", { id: "cus_1" }))).json, {
        received: true,
        applied: false,
      });
      assertEquals(
        (await webhook(
          event("identity.verification_session.verified", { id: "vs_nobody", status: "verified" }),
        )).json,
        { received: true, applied: false },
      );
      const unreadable = JSON.stringify({
        id: "evt_x",
        object: "event",
        created: now(),
        type: "identity.verification_session.verified",
        data: { object: { id: 3 } },
      });
      assertEquals((await webhook(unreadable)).status, 400);
    },
  );

  await t.step("a verified user cannot start again", async () => {
    const res = await member.request("POST", "/api/stripe/verification-session");
    assertEquals([res.status, res.json.error], [409, "Your identity is already verified"]);
  });

  await t.step("canceled, then a new session starts afresh", async () => {
    const otherId = await addUser(sql, { email: "other@example.com" });
    const other = await login("other@example.com");
    await other.request("POST", "/api/stripe/verification-session");
    const first = (await row(sql, otherId)).stripeVerificationSessionId;
    await webhook(
      event("identity.verification_session.canceled", { id: first, status: "canceled" }),
    );
    assertEquals(
      (await other.request("GET", "/api/stripe/verification-status")).json.status,
      "canceled",
    );
    const again = await other.request("POST", "/api/stripe/verification-session");
    assertEquals(again.status, 200);
    const r = await row(sql, otherId);
    assert(r.stripeVerificationSessionId !== first);
    assertEquals([r.stripeVerificationStatus, r.stripeVerificationEventAt], [
      "requires_input",
      null,
    ]);
    // An event for the replaced session no longer touches the user.
    const stale = await webhook(
      event("identity.verification_session.verified", { id: first, status: "verified" }),
    );
    assertEquals(stale.json.applied, false);
  });
});

Deno.test({
  name: "stripe identity routes: Stripe down writes nothing",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const app = await startTestApp({
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET: "whsec_real_endpoint",
      STRIPE_API_BASE: "http://127.0.0.1:1",
    });
    try {
      const id = await addUser(app.sql, { email: "member@example.com" });
      const member = await app.login("member@example.com");
      const before = await row(app.sql, id);
      const res = await member.request("POST", "/api/stripe/verification-session");
      assertEquals([res.status, res.json.error], [
        502,
        "Stripe is unreachable. Please try again later.",
      ]);
      assertEquals(await row(app.sql, id), before);
      // The configured endpoint secret is the one checked; the simulator's is refused.
      const payload = event("identity.verification_session.verified", {
        id: "vs_1",
        status: "verified",
      });
      const simSigned = await stripeSignature(payload, STRIPE_SIMULATOR_WEBHOOK_SECRET, now());
      const refused = await post(app.app, payload, { "stripe-signature": simSigned });
      assertEquals(refused.status, 400);
      const realSigned = await stripeSignature(payload, "whsec_real_endpoint", now());
      const accepted = await post(app.app, payload, { "stripe-signature": realSigned });
      assertEquals(accepted.json, { received: true, applied: false });
      // No hosted page without the simulator.
      assertEquals((await app.request("GET", "/sim/stripe/verify/abc")).status, 404);
    } finally {
      await app.close();
    }
  },
});
