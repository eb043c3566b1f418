import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { allow } from "../auth/access.ts";

// Public: load balancers and the CI start check call it without a session.
export const healthRoutes = new Hono<Env>()
  .get("/", allow.public, async (c) => {
    try {
      await c.var.sql`select 1`;
      return c.json({ status: "ok", database: "ok" });
    } catch (error) {
      c.var.log.error("health check failed", { error: String(error) });
      return c.json({ error: "Database unavailable", status: "degraded", database: "down" }, 503);
    }
  });
