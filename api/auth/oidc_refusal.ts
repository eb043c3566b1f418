// How a refused single sign-on reaches /login (spec 4 §6). The browser is sent back to
// /login with the refusal in a cookie of its own: HttpOnly, for the SSO routes only,
// living a minute, and read (and cleared) by the page's one SSO call, GET /api/auth/oidc.
// So the e-mail of "No Threshold account for <email>" is never in an address: not in the
// browser's history, a proxy's or balancer's access log, or a Referer. The cookie holds
// the reason and that e-mail, never a sentence: a cookie planted by someone else can make
// the page say only one of the three refusals, about a well-formed address.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { Config } from "../config.ts";
import { isSecure } from "./sessions.ts";
import { OIDC_COOKIE_PATH, oidcCookieName, oidcCookieOptions } from "./oidc_flow.ts";

export const SSO_FAILED = "Single sign-on failed. Please try again.";
export const SSO_DEACTIVATED = "This account is deactivated";
export const noAccountFor = (email: string) => `No Threshold account for ${email}`;

const refusal = z.discriminatedUnion("reason", [
  z.object({ reason: z.literal("no_account"), email: z.string().max(254).email() }),
  z.object({ reason: z.literal("deactivated") }),
  z.object({ reason: z.literal("failed") }),
]);
export type Refusal = z.infer<typeof refusal>;

const REFUSAL_TTL_SECONDS = 60;
const NAME = "oidc_refusal";

/** Back to /login, which shows the refusal. */
export function refuse(c: Context, config: Config, why: Refusal): Response {
  setCookie(
    c,
    oidcCookieName(c, config, NAME),
    JSON.stringify(why),
    oidcCookieOptions(c, config, REFUSAL_TTL_SECONDS),
  );
  return c.redirect("/login", 302);
}

/** The sentence /login shows for this browser's refusal, read once; null when there is none. */
export function takeRefusal(c: Context, config: Config): string | null {
  const name = oidcCookieName(c, config, NAME);
  const value = getCookie(c, name);
  if (value === undefined) return null;
  deleteCookie(c, name, { path: OIDC_COOKIE_PATH, secure: isSecure(c, config) });
  let parsed;
  try {
    parsed = refusal.safeParse(JSON.parse(value));
  } catch {
    return null; // not one of ours
  }
  if (!parsed.success) return null;
  const why = parsed.data;
  if (why.reason === "no_account") return noAccountFor(why.email);
  return why.reason === "deactivated" ? SSO_DEACTIVATED : SSO_FAILED;
}
