// GET /api/events/stream (admin): the dashboards' live events (live_events.ts). A
// reconnecting client's Last-Event-ID (the id of the last event it heard) resumes
// the stream after that event. The stream ends once its session is no longer an
// active admin's (session_watch.ts).
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest } from "../http/errors.ts";
import { allow } from "../auth/access.ts";
import { eventStream, keepOpen } from "../http/event_stream.ts";
import { streamSession } from "./session_watch.ts";

/** Event ids are bigint: up to 15 digits, below 2^53. */
const EVENT_ID = /^[1-9][0-9]{0,14}$/;

export const eventRoutes = new Hono<Env>()
  .get("/stream", allow.admin, async (c) => {
    const last = c.req.header("last-event-id");
    if (last !== undefined && !EVENT_ID.test(last)) {
      throw badRequest("Last-Event-ID must be an event id");
    }
    // Taken before the answer goes out: whatever is committed once the client has it is heard.
    const start = await c.var.liveEvents.startOf(last === undefined ? undefined : Number(last));
    const session = streamSession(c);
    return eventStream(c, async (stream) => {
      await c.var.liveEvents.open(stream, start, session);
      await keepOpen(stream);
    });
  });
