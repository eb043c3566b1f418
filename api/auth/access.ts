// Authorization for every API route. Each route names its rule as its first
// handler (allow.public, allow.signedIn, allow.self, allow.admin, allow.device);
// the guard in app.ts refuses any /api route that names none (deny by default),
// and access_matrix_test.ts checks every registered route against its rule.
// Being first on every route, the rule also checks the request's input before
// anything else happens (http/input_rule.ts): bad input is a 400 that changes nothing.
// And it runs every change with its audit events (audit/record.ts).
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { Env } from "../http/env.ts";
import { ApiError, forbidden, unauthorized } from "../http/errors.ts";
import { currentUser } from "./sessions.ts";
import { idempotent } from "../http/idempotency.ts";
import { checkInput } from "../http/input_rule.ts";
import { ADMIN_CHANGE, audited, OWN_CHANGE } from "../audit/record.ts";

export type Rule = "public" | "signedIn" | "self" | "admin" | "device";
export const RULE = Symbol("access rule");
type Tagged = MiddlewareHandler<Env> & { [RULE]?: Rule };

function tag(rule: Rule, handler: MiddlewareHandler<Env>): Tagged {
  const checked: MiddlewareHandler<Env> = async (c, next) => {
    await checkInput(c);
    return await handler(c, next);
  };
  return Object.assign(checked, { [RULE]: rule });
}

/**
 * A change queued on a shared tablet names the user who made it (Threshold-User,
 * web/src/offline/outbox.ts): it runs only under that user's session, never under
 * the next person's who signed in on the same browser. Refused as 401, before the
 * Idempotency-Key is looked at, so the change's own user can still send it.
 */
const SESSION_USER_HEADER = "threshold-user";
const NOT_YOUR_CHANGE = "This change belongs to another user: it is sent when they sign in";

async function requireUser(c: Context<Env>) {
  const user = await currentUser(c, c.var.sql, c.var.config);
  if (!user) throw unauthorized();
  const owner = c.req.header(SESSION_USER_HEADER);
  if (owner !== undefined && owner !== String(user.id)) throw unauthorized(NOT_YOUR_CHANGE);
  c.set("user", user);
  return user;
}

// Every mutating request under a rule runs in one transaction with its audit events
// (audit/record.ts); an admin change must record one.
export const allow = {
  /** Anyone: landing, sign-in, sign-up, passkey login, health. */
  public: tag("public", async (c, next) => await audited(c, next, OWN_CHANGE)),
  /** Any active signed-in user. */
  signedIn: tag("signedIn", async (c, next) => {
    const user = await requireUser(c);
    return await idempotent(c, user.id, () => audited(c, next, OWN_CHANGE));
  }),
  /**
   * Any active signed-in user, for a call that waits for others to act on what it
   * wrote (a member's unlock waits for the doors, who hear of its commands only once
   * they commit): each of its statements commits as it goes, with no request-wide
   * transaction, and it takes no Idempotency-Key (it is never queued in the outbox,
   * and a repeat is refused anyway: each unlock spends a single-use challenge).
   * It writes no audit events: what it does is the access log's.
   */
  /** Anyone, and the handler commits what it writes itself (a guest's unlock: visits/pass_routes.ts). */
  publicCommitting: tag("public", async (_c, next) => await next()),
  signedInCommitting: tag("signedIn", async (c, next) => {
    await requireUser(c);
    return await next();
  }),
  /** The user named by the :id parameter, or an admin. */
  self: tag("self", async (c, next) => {
    const user = await requireUser(c);
    if (String(user.id) !== c.req.param("id") && !user.isAdmin) {
      throw forbidden("You can only see your own data");
    }
    return await idempotent(c, user.id, () => audited(c, next, OWN_CHANGE));
  }),
  /** Members of an active group named Admin. */
  admin: tag("admin", async (c, next) => {
    const user = await requireUser(c);
    if (!user.isAdmin) throw forbidden();
    return await idempotent(c, user.id, () => audited(c, next, ADMIN_CHANGE));
  }),
};

/** Registers device authentication (issue: access decisions) under the same scheme. */
export function deviceRule(handler: MiddlewareHandler<Env>): Tagged {
  return tag("device", handler);
}

export function ruleOf(handler: unknown): Rule | undefined {
  return (handler as Tagged)?.[RULE];
}

/** Deny by default: an /api route whose handlers name no rule never runs. */
export const requireRule = createMiddleware<Env>(async (c, next) => {
  // Only /api routes count: the PWA's catch-all GET "*" also matches.
  const routes = matchedRoutes(c).filter((route) => route.path.startsWith("/api/"));
  const ruled = routes.some((route) => ruleOf(route.handler));
  // Unmatched paths fall through to the JSON 404 handler.
  const routed = routes.some((route) => route.method !== "ALL");
  if (routed && !ruled) {
    c.var.log.error("route without an access rule", { path: c.req.path, method: c.req.method });
    throw new ApiError("internal", "This route has no access rule");
  }
  await next();
});
