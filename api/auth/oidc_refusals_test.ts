// Single sign-on's refusals (spec 4 §6), against a real OpenID provider: each goes
// back to /login, where the page's one SSO call shows it once. The e-mail of `No
// Threshold account for <email>` travels in an HttpOnly cookie, never in the address.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { appBrowser, describeSso, refusalShown, signInWithSso } from "../testing/sso.ts";
import type { Sql } from "../db/connect.ts";

const FAILED = "Single sign-on failed. Please try again.";

const lastEvent = async (sql: Sql) =>
  (await sql<
    { action: string; targetId: number | null; changes: Record<string, [unknown, unknown]> }[]
  >`
    select action, target_id, changes from audit_events order by id desc limit 1`)[0];

const sessions = async (sql: Sql) => (await sql`select count(*)::int as n from sessions`)[0].n;

describeSso(
  "refusals go back to /login with the spec's sentence, once, and no session",
  async (t, { app, simulator }) => {
    const verifiedId = await addUser(app.sql, { email: "ada@example.com" });
    const goneId = await addUser(app.sql, { email: "gone@example.com", isActive: false });

    await t.step(
      "an unknown e-mail: `No Threshold account for <email>`, audited, no account made",
      async () => {
        const browser = appBrowser(app);
        const res = await signInWithSso(browser, simulator, { email: "Nobody@Example.com" });
        // The address is exactly /login: the e-mail is in no URL (history, access logs, Referer).
        assertEquals([res.status, res.headers.get("location")], [302, "/login"]);
        const refusal = res.headers.getSetCookie().find((c) =>
          c.startsWith("threshold_oidc_refusal=")
        )!;
        assertEquals(refusal.split("; ").slice(1), [
          "Max-Age=60",
          "Path=/api/auth/oidc",
          "HttpOnly",
          "SameSite=Lax",
        ]);
        assertEquals(await refusalShown(browser), "No Threshold account for nobody@example.com");
        assertEquals(await refusalShown(browser), null, "shown once");
        assertEquals(
          (await app.sql`select 1 from users where email = 'nobody@example.com'`).length,
          0,
        );
        assertEquals(await sessions(app.sql), 0);
        const event = await lastEvent(app.sql);
        assertEquals([event.action, event.targetId, event.changes], ["auth.sign_in_failed", null, {
          email: [null, "nobody@example.com"],
          reason: [null, "no_account"],
          method: [null, "sso"],
        }]);
      },
    );

    await t.step(
      "an e-mail the provider has not verified: failed, even for an existing account",
      async () => {
        const browser = appBrowser(app);
        const res = await signInWithSso(browser, simulator, {
          email: "ada@example.com",
          emailVerified: false,
        });
        assertEquals(res.headers.get("location"), "/login");
        assertEquals(await refusalShown(browser), FAILED);
        assertEquals(await sessions(app.sql), 0);
        assertEquals((await lastEvent(app.sql)).changes.reason, [null, "unverified"]);
      },
    );

    await t.step(
      "a deactivated user: `This account is deactivated`, audited against the account",
      async () => {
        const browser = appBrowser(app);
        const res = await signInWithSso(browser, simulator, { email: "GONE@example.com" });
        assertEquals(res.headers.get("location"), "/login");
        assertEquals(await refusalShown(browser), "This account is deactivated");
        assertEquals(await sessions(app.sql), 0);
        const event = await lastEvent(app.sql);
        assertEquals([event.targetId, event.changes.reason], [goneId, [null, "deactivated"]]);
      },
    );

    await t.step("the person cancels at the provider (error=access_denied): failed", async () => {
      const browser = appBrowser(app);
      const start = await browser.get("/api/auth/oidc/start");
      const back = await simulator.signIn(start.headers.get("location")!, "cancel");
      assertEquals(back.searchParams.get("error"), "access_denied");
      const res = await browser.get(back.pathname + back.search);
      assertEquals(res.headers.get("location"), "/login");
      assertEquals(await refusalShown(browser), FAILED);
    });

    await t.step(
      "a planted refusal cookie shows only one of the three sentences, about a real address",
      async () => {
        const planted = (value: unknown) =>
          app.request("GET", "/api/auth/oidc", {
            cookie: `threshold_oidc_refusal=${encodeURIComponent(JSON.stringify(value))}`,
          });
        assertEquals(
          (await planted({ reason: "no_account", email: "Call 555-0100 now" })).json.refusal,
          null,
        );
        assertEquals(
          (await planted({ reason: "Your account is locked, call us" })).json.refusal,
          null,
        );
        assertEquals(
          (await planted({ reason: "deactivated" })).json.refusal,
          "This account is deactivated",
        );
      },
    );

    await t.step("after all that, the verified account still signs in", async () => {
      const browser = appBrowser(app);
      const res = await signInWithSso(browser, simulator, { email: "ada@example.com" });
      assertEquals(res.headers.get("location"), "/app");
      assertEquals((await browser.get("/api/auth/me")).json.user.id, verifiedId);
    });
  },
);

describeApp("without OIDC_ISSUER there is no single sign-on", async (t, app) => {
  await t.step("GET /api/auth/oidc: off, no label", async () => {
    assertEquals((await app.request("GET", "/api/auth/oidc")).json, {
      enabled: false,
      label: null,
      refusal: null,
    });
  });

  await t.step("start and callback: 404 Single sign-on is not configured", async () => {
    for (const path of ["/api/auth/oidc/start", "/api/auth/oidc/callback?code=x&state=y"]) {
      const res = await app.request("GET", path);
      assertEquals([res.status, res.json.error], [404, "Single sign-on is not configured"]);
    }
  });
});
