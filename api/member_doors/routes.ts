// The signed-in member's own calls under /api/me (spec 3 §4, and §2 for the
// banner): their doors, unlocking one with Face ID, the active lockdowns as /app
// shows them, and the live channel that says when to read those again.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { allow } from "../auth/access.ts";
import { body, idParam } from "../http/validate.ts";
import { eventStream, keepOpen } from "../http/event_stream.ts";
import { streamSession } from "../events/session_watch.ts";
import { passkeyLoginVerifyBody } from "../auth/schemas.ts";
import { memberDoors } from "./doors.ts";
import { memberLockdowns } from "./lockdowns.ts";
import { unlock, unlockOptions } from "./unlock.ts";

export const memberDoorRoutes = new Hono<Env>()
  .get("/doors", allow.signedIn, async (c) => {
    const userId = c.var.user!.id;
    return c.json((await memberDoors(c.var.sql, [userId])).get(userId)!);
  })
  .post("/doors/:roomId/unlock/options", allow.signedIn, async (c) =>
    c.json(await unlockOptions(c, idParam(c, "roomId"))))
  // Not in a request-wide transaction: it answers only after the doors, which hear
  // of its commands once they commit, have acknowledged them (auth/access.ts).
  .post("/doors/:roomId/unlock", allow.signedInCommitting, async (c) => {
    const roomId = idParam(c, "roomId");
    return await unlock(c, roomId, await body(c, passkeyLoginVerifyBody));
  })
  .get("/lockdowns", allow.signedIn, async (c) => c.json(await memberLockdowns(c.var.sql)))
  .get("/stream", allow.signedIn, (c) =>
    eventStream(c, async (stream) => {
      const etag = c.req.header("last-event-id") ?? null;
      await c.var.memberStreams.open({ userId: c.var.user!.id, stream, etag }, streamSession(c));
      await keepOpen(stream);
    }));
