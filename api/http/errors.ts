// One error vocabulary for the whole API: { "error": "<readable message>" }.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Env } from "./env.ts";
import { isUnavailable } from "../db/unavailable.ts";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Not authenticated") => new ApiError(401, message);
export const forbidden = (message = "Admin access is required") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

export const DATABASE_UNAVAILABLE = "The database is not available";
/** 503: the database is away, too busy or too slow (db/unavailable.ts); try again shortly. */
export const databaseUnavailable = () =>
  new ApiError(503, DATABASE_UNAVAILABLE, { "Retry-After": "1" });

/** postgres error code for a unique-constraint clash. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

export function onError(error: Error, c: Context<Env>) {
  if (error instanceof ApiError) {
    // A 412 also carries the server's version, for the conflict choice.
    const extra = "current" in error ? { current: (error as { current: unknown }).current } : {};
    return c.json({ error: error.message, ...extra }, error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    return c.json({ error: error.message || "Request failed" }, error.status);
  }
  if (isUniqueViolation(error)) {
    return c.json({ error: "That value is already in use" }, 409);
  }
  if (isUnavailable(error)) {
    c.var.log.debug("database not available", {
      requestId: c.var.requestId,
      error: String(error),
    });
    const unavailable = databaseUnavailable();
    return c.json({ error: unavailable.message }, unavailable.status, unavailable.headers);
  }
  c.var.log.error("unhandled error", {
    requestId: c.var.requestId,
    error: error.stack ?? String(error),
  });
  return c.json({ error: "Something went wrong. Please try again." }, 500);
}

export function onNotFound(c: Context<Env>) {
  return c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404);
}
