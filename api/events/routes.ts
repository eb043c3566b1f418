// GET /api/events/stream (admin): the dashboards' live events (live_events.ts).
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Env } from "../http/env.ts";
import { allow } from "../auth/access.ts";
import { keepOpen } from "../http/event_stream.ts";

export const eventRoutes = new Hono<Env>()
  .get("/stream", allow.admin, (c) =>
    streamSSE(c, async (stream) => {
      await c.var.liveEvents.open(stream);
      await keepOpen(stream);
    }));
