// Single sign-on's configuration (spec 4 §6): the OIDC_* variables, an http:// issuer
// refused unless it is on this machine, and a provider that is down: Threshold starts
// all the same, refuses single sign-on with the spec's sentence (never a 500), and
// discovers the provider again on the next try.
import { assertEquals, assertMatch, assertThrows } from "../testing/assert.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { freePort } from "../db/private_postgres.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { startOidcProvider } from "../testing/oidc_provider.ts";
import {
  appBrowser,
  refusalShown,
  signInWithSso,
  SSO_CALLBACK,
  SSO_CLIENT,
} from "../testing/sso.ts";

const CLIENT = { OIDC_CLIENT_ID: "threshold", OIDC_CLIENT_SECRET: "s3cret" };
const refused = (env: Record<string, string>, message: RegExp) =>
  assertThrows(
    () => loadConfig(env),
    (error: Error) =>
      error instanceof ConfigError && message.test(error.message) && !error.message.includes("\n"),
  );

Deno.test("without OIDC_ISSUER single sign-on is off", () => {
  assertEquals(loadConfig({}).oidc, undefined);
});

Deno.test("OIDC_* configure the provider, the button (default `Sign in with SSO`) and OIDC_CREATE_USERS (default false)", () => {
  assertEquals(loadConfig({ OIDC_ISSUER: "https://idp.example.com/tenant", ...CLIENT }).oidc, {
    issuer: "https://idp.example.com/tenant",
    clientId: "threshold",
    clientSecret: "s3cret",
    buttonLabel: "Sign in with SSO",
    createUsers: false,
  });
  const set = loadConfig({
    OIDC_ISSUER: "https://idp.example.com",
    ...CLIENT,
    OIDC_BUTTON_LABEL: "  Sign in with Okta ",
    OIDC_CREATE_USERS: "true",
  }).oidc!;
  assertEquals([set.buttonLabel, set.createUsers], ["Sign in with Okta", true]);
});

Deno.test("an http:// issuer is refused unless its host is a loopback address", () => {
  for (
    const issuer of [
      "http://idp.example.com",
      "http://10.0.0.5:8080",
      "http://128.0.0.1",
      "http://localhost.example.com",
    ]
  ) {
    refused(
      { OIDC_ISSUER: issuer, ...CLIENT },
      /^OIDC_ISSUER="[^"]+" is invalid: must be https:\/\/ \(http:\/\/ only on a loopback address: 127\.0\.0\.0\/8, ::1, localhost\)$/,
    );
  }
  for (
    const issuer of [
      "http://127.0.0.1:4000",
      "http://127.9.8.7",
      "http://localhost:9000/realms/x",
      "http://[::1]:4000",
    ]
  ) {
    assertEquals(loadConfig({ OIDC_ISSUER: issuer, ...CLIENT }).oidc?.issuer, issuer);
  }
});

Deno.test("other bad OIDC_* values stop the start with one line naming them", () => {
  refused(
    { OIDC_ISSUER: "idp.example.com", ...CLIENT },
    /^OIDC_ISSUER="idp\.example\.com" is invalid/,
  );
  refused(
    { OIDC_ISSUER: "ftp://idp.example.com", ...CLIENT },
    /^OIDC_ISSUER=.* must be https:\/\//,
  );
  refused(
    { OIDC_ISSUER: "https://idp.example.com/?tenant=1", ...CLIENT },
    /^OIDC_ISSUER=.* an issuer has no query or fragment$/,
  );
  refused(
    { OIDC_ISSUER: "https://idp.example.com" },
    /^OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET$/,
  );
  refused(
    { OIDC_ISSUER: "https://idp.example.com", OIDC_CLIENT_ID: "x" },
    /^OIDC_ISSUER needs OIDC_CLIENT_ID/,
  );
  refused(CLIENT, /^OIDC_CLIENT_ID and OIDC_CLIENT_SECRET need OIDC_ISSUER/);
  refused(
    { OIDC_ISSUER: "https://idp.example.com", ...CLIENT, OIDC_CREATE_USERS: "yes" },
    /^OIDC_CREATE_USERS="yes" is invalid/,
  );
  refused(
    { OIDC_ISSUER: "https://idp.example.com", ...CLIENT, OIDC_BUTTON_LABEL: "x".repeat(61) },
    /^OIDC_BUTTON_LABEL=/,
  );
});

Deno.test("the API process refuses to start with a plain-http issuer elsewhere, in one line", async () => {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "api/main.ts"],
    env: { OIDC_ISSUER: "http://idp.example.com", ...CLIENT, LOG_LEVEL: "warn" },
    stdout: "null",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(stderr).trim();
  assertEquals(code, 1);
  assertMatch(
    err,
    /^threshold: OIDC_ISSUER="http:\/\/idp\.example\.com" is invalid: must be https:\/\//,
  );
  assertEquals(err.split("\n").length, 1);
});

// Nothing listens on the issuer's port until the test starts the provider there.
const port = freePort();
const FAILED = "Single sign-on failed. Please try again.";

describeApp(
  "a provider that is down: Threshold runs, SSO is refused with the spec's sentence, and discovery is tried again",
  {
    OIDC_ISSUER: `http://127.0.0.1:${port}`,
    OIDC_CLIENT_ID: SSO_CLIENT.clientId,
    OIDC_CLIENT_SECRET: SSO_CLIENT.clientSecret,
  },
  async (t, app) => {
    await addUser(app.sql, { email: "ada@example.com" });
    let provider: Awaited<ReturnType<typeof startOidcProvider>> | undefined;
    try {
      await t.step("the app answers, and /login is told SSO is on", async () => {
        assertEquals((await app.request("GET", "/api/health")).status, 200);
        assertEquals((await app.request("GET", "/api/auth/oidc")).json.enabled, true);
      });

      await t.step(
        "start while the provider is down: back to /login with the failure, no flow kept",
        async () => {
          const browser = appBrowser(app);
          const res = await browser.get("/api/auth/oidc/start");
          assertEquals([res.status, res.headers.get("location")], [302, "/login"]);
          assertEquals(await refusalShown(browser), FAILED);
          assertEquals((await app.sql`select count(*)::int as n from oidc_flows`)[0].n, 0);
        },
      );

      await t.step(
        "once the provider is up, the next start discovers it and the sign-in works",
        async () => {
          provider = await startOidcProvider({ ...SSO_CLIENT, redirectUris: [SSO_CALLBACK], port });
          const browser = appBrowser(app);
          const res = await signInWithSso(browser, provider, { email: "ada@example.com" });
          assertEquals(res.headers.get("location"), "/app");
        },
      );

      await t.step(
        "the provider going down between start and callback: the failure, not a 500",
        async () => {
          const browser = appBrowser(app);
          const start = await browser.get("/api/auth/oidc/start");
          const back = await provider!.signIn(start.headers.get("location")!, {
            email: "ada@example.com",
          });
          await provider!.stop();
          provider = undefined;
          const res = await browser.get(back.pathname + back.search);
          assertEquals([res.status, res.headers.get("location")], [302, "/login"]);
          assertEquals(await refusalShown(browser), FAILED);
        },
      );
    } finally {
      await provider?.stop();
    }
  },
);
