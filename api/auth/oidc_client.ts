// Threshold as an OpenID Connect relying party (spec 4 §6), through openid-client:
// discovery from the issuer, the authorization code flow with PKCE (S256), state and
// nonce, and the ID token checked (signature against the provider's keys, issuer,
// audience, expiry, nonce). openid-client skips the signature of an ID token fetched
// straight from the token endpoint (TLS vouches for it); the spec wants it checked, so
// enableNonRepudiationChecks is on.
//
// Discovery happens on the first sign-in, not at start: a provider that is down must
// not keep Threshold from starting. A failed discovery is forgotten, so the next
// sign-in tries again; a successful one is kept for the life of the process (it is the
// provider's public metadata; its keys are fetched again when a token names a new one).
import * as client from "openid-client";
import type { OidcConfig } from "../config.ts";

/** Each call to the provider (discovery, token, keys, userinfo) gives up after this long. */
const TIMEOUT_SECONDS = 10;
const SCOPE = "openid email profile";

const discovered = new Map<string, Promise<client.Configuration>>();

/** The provider's configuration, discovered on first use (and again after a failure). */
export function provider(oidc: OidcConfig): Promise<client.Configuration> {
  const key = JSON.stringify([oidc.issuer, oidc.clientId, oidc.clientSecret]);
  const known = discovered.get(key);
  if (known) return known;
  const discovery = client.discovery(
    new URL(oidc.issuer),
    oidc.clientId,
    undefined,
    clientSecret(oidc.clientSecret),
    {
      timeout: TIMEOUT_SECONDS,
      // http:// only reaches here for a loopback issuer (config.ts refuses any other).
      execute: oidc.issuer.startsWith("http:")
        ? [client.enableNonRepudiationChecks, client.allowInsecureRequests]
        : [client.enableNonRepudiationChecks],
    },
  );
  discovered.set(key, discovery);
  discovery.catch(() => {
    if (discovered.get(key) === discovery) discovered.delete(key);
  });
  return discovery;
}

/**
 * The client secret as the provider takes it: HTTP Basic unless its metadata lists
 * methods without client_secret_basic (RFC 8414 makes Basic the default), else in the
 * form body.
 */
function clientSecret(secret: string): client.ClientAuth {
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (server, metadata, body, headers) => {
    const methods = server.token_endpoint_auth_methods_supported;
    const auth = !methods || methods.includes("client_secret_basic") ? basic : post;
    return auth(server, metadata, body, headers);
  };
}

/** What a sign-in needs to remember between the redirect and the provider's answer. */
export type FlowSecrets = {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
};

export function newFlowSecrets(redirectUri: string): FlowSecrets {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    redirectUri,
  };
}

/** Where the browser goes to sign in at the provider. */
export async function authorizationUrl(config: client.Configuration, flow: FlowSecrets) {
  return client.buildAuthorizationUrl(config, {
    redirect_uri: flow.redirectUri,
    scope: SCOPE,
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
  });
}

/** Who the provider says signed in. */
export type Identity = {
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

/**
 * The provider's answer (the callback's query) checked and exchanged for the ID token,
 * whose claims name the person; throws on any failed check or provider error. The
 * e-mail is the ID token's, or the userinfo endpoint's when the provider keeps it
 * out of the ID token (as oidc-provider and some others do by default).
 */
export async function identify(
  config: client.Configuration,
  flow: FlowSecrets,
  query: string,
): Promise<Identity> {
  // The redirect URI the flow began with, not this request's URL: behind a balancer
  // the process sees another origin, and the token request must name the same URI.
  const callback = new URL(flow.redirectUri);
  callback.search = query;
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  let claims: Record<string, unknown> = tokens.claims()!;
  if (claims.email === undefined) {
    claims = await client.fetchUserInfo(config, tokens.access_token, claims.sub as string);
  }
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    email: text(claims.email),
    // Exactly true: a provider that leaves it out has not vouched for the address.
    emailVerified: claims.email_verified === true,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
  };
}
