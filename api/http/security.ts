// Browser-facing protections for every response and every state-changing call.
import { createMiddleware } from "hono/factory";
import type { Env } from "./env.ts";
import { ApiError, forbidden } from "./errors.ts";
import { carriesToken } from "./token_paths.ts";

// Emotion (Joy UI) injects <style> tags at run time, hence 'unsafe-inline' for styles only.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const securityHeaders = createMiddleware<Env>(async (c, next) => {
  await next();
  c.header("Content-Security-Policy", CSP);
  c.header("X-Content-Type-Options", "nosniff");
  // An address that is a credential (an invitation, a reset, a guest's pass, and their
  // calls): never indexed, never sent on as a Referer.
  // A call's answer (whom an invitation is for, a pass's PIN) is kept by no cache.
  if (carriesToken(c.req.path)) {
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (c.req.path.startsWith("/api/")) c.header("Cache-Control", "no-store");
  } else c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Frame-Options", "DENY");
  c.header("Cross-Origin-Opener-Policy", "same-origin");
  if ((c.var.config.publicOrigin ?? c.req.url).startsWith("https:")) {
    c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request check for state-changing calls. Hono's csrf() ignores JSON
 * bodies, so: a labelled body must be JSON (a form post cannot forge that without CORS),
 * and a browser's Origin / Sec-Fetch-Site must be our own. Requests carrying
 * neither header come from non-browser clients (doors, webhooks, curl), which
 * hold no ambient cookie authority a third-party page could borrow.
 */
export const sameOriginWrites = createMiddleware<Env>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return await next();
  // Browsers always label a cross-site form post (text/plain, urlencoded,
  // multipart); only JSON, which such a post cannot send, is accepted.
  const type = c.req.header("content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== undefined && type !== "application/json") {
    throw new ApiError("unsupported_media_type", "Content-Type must be application/json");
  }
  const expected = c.var.config.publicOrigin ?? new URL(c.req.url).origin;
  const origin = c.req.header("origin");
  const site = c.req.header("sec-fetch-site");
  if (
    origin !== undefined
      ? origin !== expected
      : site !== undefined && site !== "same-origin" && site !== "none"
  ) {
    throw forbidden("Cross-site request refused");
  }
  await next();
});
