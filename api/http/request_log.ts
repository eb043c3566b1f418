// Gives each request an id (echoed in X-Request-Id) and writes one log line
// per request when it completes.
import { createMiddleware } from "hono/factory";
import type { Env } from "./env.ts";
import { withoutTokens } from "./token_paths.ts";

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

export const requestLog = createMiddleware<Env>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", requestId);
  const started = performance.now();
  await next();
  c.header("X-Request-Id", requestId);
  c.var.log.info("request", {
    requestId,
    method: c.req.method,
    path: withoutTokens(c.req.path),
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
});
