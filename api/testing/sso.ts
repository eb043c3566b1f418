// Single sign-on tests' pieces (auth/oidc_*_test.ts): an app configured for a real
// OpenID provider the test starts (testing/oidc_provider.ts), and a browser of the app
// that keeps its cookies, so a test signs in as a person would: /api/auth/oidc/start,
// the provider's form, the redirect back.
import {
  type Person,
  type ProviderOptions,
  startOidcProvider,
  type TestProvider,
} from "./oidc_provider.ts";
import { describeWithSimulator, TEST_ORIGIN, type TestApp } from "./test_app.ts";

export const SSO_CLIENT = { clientId: "threshold-test", clientSecret: "test-client-secret" };
export const SSO_CALLBACK = `${TEST_ORIGIN}/api/auth/oidc/callback`;

export const ssoProvider = (options: Partial<ProviderOptions> = {}) =>
  startOidcProvider({ ...SSO_CLIENT, redirectUris: [SSO_CALLBACK], ...options });

/** The app's OIDC_* configuration for a provider. */
export const ssoEnv = (provider: { issuer: string }) => ({
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: SSO_CLIENT.clientId,
  OIDC_CLIENT_SECRET: SSO_CLIENT.clientSecret,
});

/** Each test: a provider of its own and an app configured for it (plus the test's own `env`). */
export const describeSso = describeWithSimulator(
  async () => ({ simulator: await ssoProvider() }),
  ({ simulator }) => ssoEnv(simulator),
);

type Answer = Awaited<ReturnType<TestApp["request"]>>;

/** A browser of the app: the cookies it is given, sent back on every request. */
export function appBrowser(app: TestApp) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    jar,
    cookie,
    async get(path: string): Promise<Answer> {
      const res = await app.request("GET", path, jar.size ? { cookie: cookie() } : {});
      for (const set of res.headers.getSetCookie()) {
        const [pair, ...attributes] = set.split(";");
        const at = pair.indexOf("=");
        const gone = pair.slice(at + 1) === "" || attributes.some((a) => /^\s*max-age=0$/i.test(a));
        if (gone) jar.delete(pair.slice(0, at));
        else jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    },
  };
}

export type AppBrowser = ReturnType<typeof appBrowser>;

/** The redirect to the provider, the provider's form as `person`, and the app's answer to the redirect back. */
export async function signInWithSso(
  browser: AppBrowser,
  provider: TestProvider,
  person: Person | "cancel",
) {
  const start = await browser.get("/api/auth/oidc/start");
  if (start.status !== 302) throw new Error(`start: ${start.status} ${start.text}`);
  const back = await provider.signIn(start.headers.get("location")!, person);
  return await browser.get(back.pathname + back.search);
}

/** What /login shows after a refusal (read once). */
export async function refusalShown(browser: AppBrowser): Promise<string | null> {
  return (await browser.get("/api/auth/oidc")).json.refusal;
}
