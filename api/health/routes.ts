import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { allow } from "../auth/access.ts";
import { databaseUnavailable } from "../http/errors.ts";
import { mailMode } from "../mail/mode.ts";

// Public: load balancers and the CI start check call it without a session.
// `select 1` through the guarded pool (db/guard.ts): while the breaker is open it
// is refused at once, and otherwise it has the statement deadline, so the answer
// comes within DB_STATEMENT_TIMEOUT_MS whatever the database does.
export const healthRoutes = new Hono<Env>()
  .get("/", allow.public, async (c) => {
    try {
      await c.var.sql`select 1`;
      return c.json({ status: "ok", database: "ok", mail: mailMode(c.var.config) });
    } catch (error) {
      c.var.log.debug("health check failed", { error: String(error) });
      const unavailable = databaseUnavailable();
      return c.json(
        { ...unavailable.body(), status: "degraded", database: "down", mail: mailMode(c.var.config) },
        unavailable.status,
        unavailable.headers,
      );
    }
  });
