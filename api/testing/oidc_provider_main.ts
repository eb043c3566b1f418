// The test OpenID provider (oidc_provider.ts) as a process of its own, for the
// end-to-end server (e2e/global_setup.ts): a real browser signs in on its form.
//   deno run -A api/testing/oidc_provider_main.ts <redirect URI>
// prints `OpenID provider {"OIDC_ISSUER":…,"OIDC_CLIENT_ID":…,"OIDC_CLIENT_SECRET":…}`
// (the app's configuration for it) once it listens, and stops on SIGTERM.
import { startOidcProvider } from "./oidc_provider.ts";
import { SSO_CLIENT, ssoEnv } from "./sso.ts";

const redirectUri = Deno.args[0];
if (!redirectUri) {
  console.error("usage: oidc_provider_main.ts <redirect URI>");
  Deno.exit(2);
}
const provider = await startOidcProvider({ ...SSO_CLIENT, redirectUris: [redirectUri] });
console.log(`OpenID provider ${JSON.stringify(ssoEnv(provider))}`);
Deno.addSignalListener("SIGTERM", async () => {
  await provider.stop();
  Deno.exit(0);
});
