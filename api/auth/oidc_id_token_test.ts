// The ID token's checks (spec 4 §6: signature, issuer, audience, expiry, nonce), each
// proven alone: the real provider's token endpoint answers an ID token with one claim
// changed and signed again with the provider's own key (or the same claims signed with
// a stranger's key), while state, PKCE and everything else are right. The same rewrite
// changing nothing signs in, so the refusals come from the checks, not the rewriting.
import { assertEquals } from "../testing/assert.ts";
import { addUser, describeWithSimulator } from "../testing/test_app.ts";
import {
  appBrowser,
  describeSso,
  refusalShown,
  signInWithSso,
  ssoEnv,
  ssoProvider,
} from "../testing/sso.ts";

const FAILED = "Single sign-on failed. Please try again.";
const ADA = { email: "ada@example.com" };
const now = () => Math.floor(Date.now() / 1000);

describeSso(
  "each check of the ID token refuses a token that fails it alone",
  async (t, { app, simulator }) => {
    await addUser(app.sql, ADA);

    async function signInWith(
      change: (claims: Record<string, unknown>) => Record<string, unknown>,
      strangersKey = false,
    ) {
      simulator.tamperNextIdToken(change, { strangersKey });
      const browser = appBrowser(app);
      const res = await signInWithSso(browser, simulator, ADA);
      return { location: res.headers.get("location"), refusal: await refusalShown(browser) };
    }

    await t.step(
      "the rewrite itself changes nothing: the same claims, signed again, sign in",
      async () => {
        assertEquals(await signInWith((claims) => claims), { location: "/app", refusal: null });
      },
    );

    const cases: [string, (claims: Record<string, unknown>) => Record<string, unknown>, boolean][] =
      [
        ["a signature by another key (the provider's kid)", (claims) => claims, true],
        ["another issuer", (claims) => ({ ...claims, iss: "http://127.0.0.1:1" }), false],
        ["another audience", (claims) => ({ ...claims, aud: "someone-else" }), false],
        [
          "an expired token",
          (claims) => ({ ...claims, iat: now() - 7200, exp: now() - 3600 }),
          false,
        ],
        ["another nonce", (claims) => ({ ...claims, nonce: "n".repeat(43) }), false],
        ["no nonce", ({ nonce: _, ...claims }) => claims, false],
      ];
    for (const [what, change, strangersKey] of cases) {
      await t.step(`${what} is refused`, async () => {
        assertEquals(await signInWith(change, strangersKey), {
          location: "/login",
          refusal: FAILED,
        });
      });
    }

    await t.step("nobody was signed in by a refused token", async () => {
      assertEquals((await app.sql`select count(*)::int as n from sessions`)[0].n, 1); // the control's
    });
  },
);

describeWithSimulator(
  async () => ({ simulator: await ssoProvider({ emailInIdToken: false }) }),
  ({ simulator }) => ssoEnv(simulator),
)(
  "a provider that keeps the e-mail out of the ID token: it is read from userinfo",
  async (t, { app, simulator }) => {
    await addUser(app.sql, ADA);
    await t.step("verified there, the person signs in", async () => {
      let idToken: Record<string, unknown> = {};
      simulator.tamperNextIdToken((claims) => (idToken = claims));
      const res = await signInWithSso(appBrowser(app), simulator, ADA);
      assertEquals(res.headers.get("location"), "/app");
      assertEquals([idToken.sub !== undefined, idToken.email], [true, undefined]);
    });
    await t.step("not verified there, refused", async () => {
      const browser = appBrowser(app);
      await signInWithSso(browser, simulator, { ...ADA, emailVerified: false });
      assertEquals(await refusalShown(browser), FAILED);
    });
  },
);
