// A real OpenID provider for tests: oidc-provider (a certified OpenID Provider) on a
// loopback port, in this process, with one confidential client. Its sign-in page is a
// small form of its own (the interaction routes, not oidc-provider's development
// ones): the person types an e-mail, says whether the provider has verified it, and
// optionally names; the account's claims are what was typed. A test drives it as a
// browser would (signIn below: the authorize request, the form, the redirect back,
// with the provider's cookies); the end-to-end server's provider is the same code in a
// process of its own (oidc_provider_main.ts), whose form a real browser fills in.
//
// The provider signs ID tokens with an RSA key this module made, so a test can also
// make the token endpoint answer an ID token of its choosing (tamperNextIdToken): other
// claims signed with the provider's own key, or the same claims signed with a stranger's.
import Provider from "oidc-provider";
import { freePort } from "../db/private_postgres.ts";

export type ProviderOptions = {
  /** 0 (the default): a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /**
   * true (the default): the ID token carries the e-mail claims. false: only the
   * userinfo endpoint does (oidc-provider's own default, conformIdTokenClaims).
   */
  emailInIdToken?: boolean;
};

/** Who signs in at the provider's form. */
export type Person = {
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
};

type Claims = Record<string, unknown>;
type Tamper = { change: (claims: Claims) => Claims; strangersKey: boolean };

export type TestProvider = Awaited<ReturnType<typeof startOidcProvider>>;

const SCOPE = "openid email profile";
const enc = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
const fromB64url = (text: string) =>
  JSON.parse(atob(text.replaceAll("-", "+").replaceAll("_", "/")));

async function rsaKey() {
  const pair = await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );
  return pair.privateKey;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(uid: string, clientId: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test Provider: sign in</title></head>
<body><main>
<h1>Test Provider</h1>
<p>Sign in to continue to ${escape(clientId)}.</p>
<form method="post" action="/interaction/${escape(uid)}/login">
<p><label>Email <input type="email" name="email" required autocomplete="off"></label></p>
<p><label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label></p>
<p><label>Given name <input name="given_name"></label></p>
<p><label>Family name <input name="family_name"></label></p>
<p><button type="submit">Sign in</button></p>
</form>
<form method="post" action="/interaction/${
    escape(uid)
  }/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

// deno-lint-ignore no-explicit-any
type KoaContext = any;

async function formOf(ctx: KoaContext): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of ctx.req) {
    text += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
  }
  return new URLSearchParams(text);
}

export async function startOidcProvider(options: ProviderOptions) {
  const signingKey = await rsaKey();
  const kid = "test-key-1";
  // WebCrypto's key_ops ("sign") would be published too, and a client looks for "verify".
  const { key_ops: _ops, ext: _ext, ...exported } = await crypto.subtle.exportKey(
    "jwk",
    signingKey,
  );
  const jwk = { ...exported, kid, use: "sig", alg: "RS256" };
  // The port first, so the issuer (which names it) is known before the provider exists.
  const port = options.port || freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, Claims>();
  let tamper: Tamper | null = null;

  const provider = new Provider(issuer, {
    clients: [{
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uris: options.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    }],
    jwks: { keys: [jwk] },
    cookies: { keys: ["threshold-test-provider"] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name"],
    },
    conformIdTokenClaims: options.emailInIdToken === false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    // A first-party client: no consent screen, the scopes it asks for are granted.
    async loadExistingGrant(ctx: KoaContext) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPE);
      await grant.save();
      return grant;
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const claims = accounts.get(sub);
      return claims && { accountId: sub, claims: () => claims };
    },
  });

  provider.use(async (ctx: KoaContext, next: () => Promise<void>) => {
    const match = /^\/interaction\/([^/]+)(\/login|\/abort)?$/.exec(ctx.path);
    if (!match) {
      await next();
      if (ctx.path === "/token" && tamper && typeof ctx.body?.id_token === "string") {
        ctx.body = { ...ctx.body, id_token: await rewrite(ctx.body.id_token, tamper) };
        tamper = null;
      }
      return;
    }
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === "GET" && !match[2]) {
      ctx.type = "html";
      ctx.body = loginPage(details.uid, String(details.params.client_id));
      return;
    }
    if (ctx.method !== "POST") return ctx.throw(405);
    if (match[2] === "/abort") {
      const returnTo = await provider.interactionResult(ctx.req, ctx.res, {
        error: "access_denied",
        error_description: "The person cancelled the sign-in",
      }, { mergeWithLastSubmission: false });
      return ctx.redirect(returnTo);
    }
    const form = await formOf(ctx);
    const sub = `account-${accounts.size + 1}`;
    const name = (field: string) => form.get(field) || undefined;
    accounts.set(sub, {
      sub,
      email: form.get("email") ?? "",
      email_verified: form.get("email_verified") === "true",
      given_name: name("given_name"),
      family_name: name("family_name"),
    });
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, {
      login: { accountId: sub },
    }, {
      mergeWithLastSubmission: false,
    });
    ctx.redirect(returnTo);
  });

  /** The ID token with its claims changed, signed by the provider's key or a stranger's (same kid). */
  async function rewrite(idToken: string, { change, strangersKey }: Tamper) {
    const [header, payload] = idToken.split(".");
    const input = `${header}.${b64url(enc.encode(JSON.stringify(change(fromB64url(payload)))))}`;
    const key = strangersKey ? await rsaKey() : signingKey;
    const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, enc.encode(input));
    return `${input}.${b64url(new Uint8Array(signature))}`;
  }

  const server = provider.listen(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });

  return {
    issuer,
    port,
    /** The next ID token the token endpoint answers has `change`d claims (by default still signed by the provider). */
    tamperNextIdToken(change: (claims: Claims) => Claims, how: { strangersKey?: boolean } = {}) {
      tamper = { change, strangersKey: how.strangersKey ?? false };
    },
    /**
     * Follows the app's redirect to the provider, signs in as `person` through the
     * form, and returns where the provider sends the browser back (the app's callback
     * with code and state, or with an error when `cancel`).
     */
    async signIn(authorizeUrl: string, person: Person | "cancel"): Promise<URL> {
      const jar = new Map<string, string>();
      const go = async (url: string, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
        const res = await fetch(url, { ...init, headers, redirect: "manual" });
        await res.body?.cancel();
        for (const cookie of res.headers.getSetCookie()) {
          const [pair] = cookie.split(";");
          const at = pair.indexOf("=");
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get("location");
        if (!location) {
          throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} without a redirect`);
        }
        return new URL(location, url).href;
      };
      const interaction = await go(authorizeUrl);
      if (!new URL(interaction).pathname.startsWith("/interaction/")) return new URL(interaction);
      const form = person === "cancel" ? new URLSearchParams() : new URLSearchParams({
        email: person.email,
        ...(person.emailVerified === false ? {} : { email_verified: "true" }),
        ...(person.givenName ? { given_name: person.givenName } : {}),
        ...(person.familyName ? { family_name: person.familyName } : {}),
      });
      const resume = await go(`${interaction}/${person === "cancel" ? "abort" : "login"}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      return new URL(await go(resume));
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
    },
  };
}
