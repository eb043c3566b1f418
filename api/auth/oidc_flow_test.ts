// The flow between /api/auth/oidc/start and the provider's redirect back (spec 4 §6),
// against a real OpenID provider: it belongs to the browser that started it, is used
// once, expires, and its state and nonce must come back as they left. Every failure is
// `Single sign-on failed. Please try again.` on /login, and no session.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser } from "../testing/test_app.ts";
import { appBrowser, describeSso, refusalShown } from "../testing/sso.ts";

const FAILED = "Single sign-on failed. Please try again.";
const ADA = { email: "ada@example.com" };

describeSso(
  "a flow is the starting browser's, used once, in time, with its own state and nonce",
  async (t, { app, simulator }) => {
    await addUser(app.sql, ADA);
    const sessions = async () => (await app.sql`select count(*)::int as n from sessions`)[0].n;

    /** A browser that has started a flow, and the provider's redirect back to it as `person`. */
    async function startedFlow(change?: (authorize: URL) => void) {
      const browser = appBrowser(app);
      const start = await browser.get("/api/auth/oidc/start");
      const authorize = new URL(start.headers.get("location")!);
      change?.(authorize);
      const back = await simulator.signIn(authorize.href, ADA);
      return { browser, authorize, back, path: back.pathname + back.search };
    }

    async function expectFailed(browser: ReturnType<typeof appBrowser>, path: string) {
      const before = await sessions();
      const res = await browser.get(path);
      assertEquals([res.status, res.headers.get("location")], [302, "/login"]);
      assertEquals(await refusalShown(browser), FAILED);
      assertEquals(await sessions(), before, "no session");
    }

    await t.step("a tampered state is refused (and the flow is spent)", async () => {
      const { browser, back } = await startedFlow();
      back.searchParams.set("state", "x".repeat(43));
      await expectFailed(browser, back.pathname + back.search);
    });

    await t.step(
      "a tampered nonce is refused: the provider signed a token for another nonce",
      async () => {
        // As if someone swapped the authorization request's nonce for one of their own
        // (or of another flow): the provider signs an ID token with it, state and PKCE match.
        const { browser, back } = await startedFlow((authorize) =>
          authorize.searchParams.set("nonce", "n".repeat(43))
        );
        assertEquals(back.searchParams.has("code"), true);
        await expectFailed(browser, back.pathname + back.search);
      },
    );

    await t.step(
      "the same redirect back twice: the second is refused (the flow is used once)",
      async () => {
        const { browser, path } = await startedFlow();
        const cookie = browser.cookie();
        const first = await browser.get(path);
        assertEquals(first.headers.get("location"), "/app");
        // Replayed with the flow cookie as it was before the first use.
        const replay = await app.request("GET", path, { cookie });
        assertEquals(replay.headers.get("location"), "/login");
        const replayer = appBrowser(app);
        replayer.jar.set("threshold_oidc_flow", cookie.match(/threshold_oidc_flow=([^;]+)/)![1]);
        await expectFailed(replayer, path);
      },
    );

    await t.step(
      "a redirect back in another browser (no flow cookie, or a made-up one) is refused",
      async () => {
        const { path } = await startedFlow();
        await expectFailed(appBrowser(app), path);
        const forger = appBrowser(app);
        forger.jar.set("threshold_oidc_flow", "A".repeat(43));
        await expectFailed(forger, path);
      },
    );

    await t.step("a flow older than 10 minutes is refused", async () => {
      const { browser, path } = await startedFlow();
      await app.sql`update oidc_flows set expires_at = now() - interval '1 second'`;
      await expectFailed(browser, path);
    });

    await t.step(
      "a flow kept in PostgreSQL finishes in another process (another app on the database)",
      async () => {
        const { browser, path } = await startedFlow();
        const other = app.withIntegrations({});
        const res = await other.request("GET", path, { cookie: browser.cookie() });
        assertEquals(res.headers.get("location"), "/app");
        assert(res.headers.getSetCookie().some((c) => c.startsWith("threshold_session=")));
      },
    );

    await t.step("bad input in the redirect back is a 400 that spends nothing", async () => {
      const { browser, path } = await startedFlow();
      const res = await browser.get(`${path}&code=%00`);
      assertEquals([res.status, res.json.error], [
        400,
        "code: must not contain control characters",
      ]);
      assertEquals((await browser.get(path)).headers.get("location"), "/app");
    });
  },
);
