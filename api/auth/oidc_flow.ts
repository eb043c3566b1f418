// A single sign-on in progress, between /api/auth/oidc/start and the provider's
// redirect back (migrations/035_oidc_flows.sql). Its state, nonce and PKCE verifier
// are kept in PostgreSQL, found by the SHA-256 of a random token the browser holds in
// a short-lived cookie: any process behind the balancer can finish the flow, none
// keeps it in memory, and a cookie cannot be forged into a flow (an unknown token
// finds nothing). The callback deletes the row as it reads it: one use.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Queries } from "../db/connect.ts";
import type { Config } from "../config.ts";
import { isSecure } from "./sessions.ts";
import { linkTokenHash, newToken } from "./tokens.ts";
import type { FlowSecrets } from "./oidc_client.ts";

/** A sign-in at the provider must come back within this long. */
export const FLOW_TTL_SECONDS = 10 * 60;
/** Only the SSO routes see the flow's cookies. */
export const OIDC_COOKIE_PATH = "/api/auth/oidc";

/** Over https the cookie gets Secure and the __Secure- prefix (__Host- would need Path=/). */
export const oidcCookieName = (c: Context, config: Config, name: string) =>
  isSecure(c, config) ? `__Secure-threshold_${name}` : `threshold_${name}`;

export const oidcCookieOptions = (c: Context, config: Config, maxAge: number) => ({
  httpOnly: true,
  sameSite: "Lax" as const, // sent on the provider's top-level redirect back
  secure: isSecure(c, config),
  path: OIDC_COOKIE_PATH,
  maxAge,
});

export async function beginFlow(c: Context, sql: Queries, config: Config, flow: FlowSecrets) {
  const token = newToken();
  await sql`insert into oidc_flows (token_hash, state, nonce, code_verifier, redirect_uri, expires_at)
    values (${linkTokenHash(token)}, ${flow.state}, ${flow.nonce}, ${flow.codeVerifier},
            ${flow.redirectUri}, now() + ${FLOW_TTL_SECONDS} * interval '1 second')`;
  setCookie(
    c,
    oidcCookieName(c, config, "oidc_flow"),
    token,
    oidcCookieOptions(c, config, FLOW_TTL_SECONDS),
  );
}

/** This browser's flow, deleted as it is read; null without one, or when used or expired. */
export async function takeFlow(
  c: Context,
  sql: Queries,
  config: Config,
): Promise<FlowSecrets | null> {
  const name = oidcCookieName(c, config, "oidc_flow");
  const hash = linkTokenHash(getCookie(c, name) ?? "");
  deleteCookie(c, name, { path: OIDC_COOKIE_PATH, secure: isSecure(c, config) });
  if (!hash) return null;
  const [flow] = await sql<(FlowSecrets & { live: boolean })[]>`
    delete from oidc_flows where token_hash = ${hash}
    returning state, nonce, code_verifier, redirect_uri, expires_at > now() as live`;
  if (!flow?.live) return null;
  const { live: _, ...secrets } = flow;
  return secrets;
}
