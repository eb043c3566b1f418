// The calls doors and readers make, authenticated by their own API key (see
// device_auth.ts): decisions, the access list to decide alone while offline, its
// live channel, the upload of decisions made while offline, and the door's inputs.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { body, idParam, query } from "../http/validate.ts";
import {
  deviceAuth,
  deviceCatchUp,
  type DeviceEnv,
  type DeviceKeyEnv,
  deviceKeyOnly,
  invalidDeviceKey,
} from "./device_auth.ts";
import { deviceByKeyHash } from "./device_keys.ts";
import { accessListQuery, ackBody, decisionBody, eventsBody } from "./schemas.ts";
import { acknowledge } from "./commands.ts";
import { transaction } from "../http/transaction.ts";
import { conflict } from "../http/errors.ts";
import { notFound } from "../http/not_found.ts";
import { decide } from "./decisions.ts";
import { accessListDelta, noneMatch, taggedAccessList } from "./access_list.ts";
import { logOfflineEvents } from "./events.ts";
import { doorEventsBody } from "../doors/schemas.ts";
import { recordDoorEvents } from "../doors/record_events.ts";
import { noticesOf } from "../notifications/notices.ts";
import { eventStream, keepOpen } from "../http/event_stream.ts";

/** Whether Accept-Encoding allows gzip (a q of 0 refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

const COMPRESS_FROM_BYTES = 1_024;

/** The strong tag of the list's gzip'd representation. */
const gzipTag = (tag: string) => tag.replace(/"$/, '-gzip"');

// The hot path: one SQL round trip finds the device by its key, decides and logs.
const decisionRoutes = new Hono<DeviceKeyEnv>()
  .post("/decisions", deviceKeyOnly, async (c) => {
    const sql = c.var.sql;
    let input;
    try {
      input = await body(c, decisionBody);
    } catch (error) {
      // Without a valid key the answer is 401, whatever the fields say (a body that is
      // not JSON, or holds control characters, was refused before: http/input_rule.ts).
      if (!(await deviceByKeyHash(sql, c.var.deviceKeyHash))) throw invalidDeviceKey();
      throw error;
    }
    const decision = await decide(sql, c.var.deviceKeyHash, input, {
      deadlineMs: c.var.config.decisionDeadlineMs,
      synchronousCommit: c.var.config.decisionsSynchronousCommit,
    });
    if (!decision) throw invalidDeviceKey();
    return c.json(decision);
  });

/** Gzip'd, when asked for and worth it. */
const gzipped = async (json: string) =>
  await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("gzip"))).bytes();

const controllerRoutes = new Hono<DeviceEnv>()
  // A storm of these (every door after a restart) waits its turn (c.var.listFetches) or
  // is refused 503 with Retry-After; the list, compressed, is made within the turn.
  // With `since` (a version it was sent), what changed since when that is smaller
  // (issue 33); every answer names the version and digest of the list it gives.
  .get("/devices/self/access-list", deviceCatchUp, async (c) => {
    const asked = c.req.header("if-none-match");
    const { since } = query(c, accessListQuery);
    const gzipAccepted = acceptsGzip(c.req.header("accept-encoding"));
    return await c.var.listFetches.run(c.req.raw.signal, async () => {
      const delta = since === undefined ? "full" : await accessListDelta(c.var.sql, c.var.device.id, since, c.var.roomParts);
      const list = delta === "full" ? await taggedAccessList(c.var.sql, c.var.device.id, c.var.roomParts) : delta;
      if (!list) throw invalidDeviceKey();
      const { json, tag } = list;
      // Which list the door holds from now on, for the Doors board (doors/presence.ts).
      c.var.presence.listFetched(c.var.device.id, tag);
      const gzip = json.length >= COMPRESS_FROM_BYTES && gzipAccepted;
      const versioned = { "Access-List-Version": list.version, "Access-List-Digest": list.digest };
      if (delta !== "full") {
        // Not the list's representation: no ETag (the body's etag names the list it makes).
        const headers = { ...versioned, "Cache-Control": "private, no-store", Vary: "Accept-Encoding", "Content-Type": "application/json" };
        return gzip ? c.body(await gzipped(json), 200, { ...headers, "Content-Encoding": "gzip" }) : c.body(json, 200, headers);
      }
      // Each encoding is its own representation with its own strong tag (gzip'd
      // here, so the app-wide compression, which would weaken the tag, leaves it alone).
      const headers = {
        ETag: gzip ? gzipTag(tag) : tag,
        "Cache-Control": "private, no-cache",
        Vary: "Accept-Encoding",
        ...versioned,
      };
      if (noneMatch(asked, tag) || noneMatch(asked, gzipTag(tag))) return c.body(null, 304, headers);
      if (!gzip) return c.body(json, 200, { ...headers, "Content-Type": "application/json" });
      return c.body(await gzipped(json), 200, {
        ...headers,
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
      });
    });
  })
  // The live channel (door_streams.ts): list-changed now and whenever the list changes.
  .get("/devices/self/stream", deviceCatchUp, (c) =>
    eventStream(c, async (stream) => {
      await c.var.doors.open({
        deviceId: c.var.device.id,
        keyHash: c.var.device.keyHash,
        stream,
        etag: c.req.header("last-event-id") ?? null,
        version: null,
        commandsSent: new Set(),
      });
      await keepOpen(stream);
    }))
  .post("/devices/self/commands/:commandId/ack", deviceAuth, async (c) => {
    const commandId = idParam(c, "commandId");
    const ack = await body(c, ackBody);
    const done = await transaction(c.var.sql, (tx) => acknowledge(tx, c.var.device.id, commandId, ack));
    if (done === "missing") throw notFound.command();
    if (done === "done") throw conflict("This command was already acknowledged");
    return c.json({ commandId, result: ack.result });
  })
  .post("/devices/self/events", deviceAuth, async (c) => {
    const events = await body(c, eventsBody);
    return c.json(await logOfflineEvents(c.var.sql, c.var.device.id, events));
  })
  // The door's inputs (spec 4 §1): its position and the alarms they raise (doors/).
  .post("/devices/self/door-events", deviceAuth, async (c) => {
    const events = await body(c, doorEventsBody);
    return c.json(await transaction(c.var.sql, (tx) => recordDoorEvents(tx, c.var.device.id, events, noticesOf(c.var.config))));
  });

export const accessRoutes = new Hono<Env>()
  .route("/", decisionRoutes)
  .route("/", controllerRoutes);
