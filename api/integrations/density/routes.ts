// The Density calls of spec 2 §7, proxied for the dashboard (admin only). A space
// is reachable only when some density device is configured with it; that
// device's stored credentials authenticate the call (or DENSITY_API_TOKEN / the
// simulator's demo token when it has none). Secrets never leave the server.
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { Env } from "../../http/env.ts";
import { badRequest, conflict } from "../../http/errors.ts";
import { notFound } from "../../http/not_found.ts";
import { id, parse, query } from "../../http/validate.ts";
import { allow } from "../../auth/access.ts";
import { type DensityClient, type DensityCredentials, DensityError } from "./client.ts";
import { gatewayFailure } from "../gateway_errors.ts";
import { deviceForSpace, deviceWithSecrets } from "./repo.ts";

const DAY_MS = 86_400_000;
const MAX_DAYS = { metrics: 3_660, history: 93, sessions: 93 };
const NO_CREDENTIALS =
  "No Density credentials: save an API token or OAuth client on the density device, " +
  "or set DENSITY_API_TOKEN";

// ISO 8601: a date, or a date and time with an optional offset. A time without an
// offset is read as UTC (the server cannot know the browser's zone).
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

const instant = (name: string) =>
  z.string({ error: `${name} is required` }).trim()
    .regex(ISO, `${name} must be an ISO 8601 time`)
    .transform((value, ctx) => {
      const zoned = value.length > 10 && !/(Z|[+-]\d{2}:?\d{2})$/i.test(value)
        ? `${value}Z`
        : value;
      const time = Date.parse(zoned);
      const [y, m, d] = value.slice(0, 10).split("-").map(Number);
      const day = new Date(Date.UTC(y, m - 1, d));
      if (Number.isNaN(time) || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
        ctx.addIssue({ code: "custom", message: `${name} is not a real time` });
        return z.NEVER;
      }
      return new Date(time);
    });

function window(max: number) {
  return (value: { start: Date; end: Date }, ctx: z.RefinementCtx) => {
    const span = value.end.getTime() - value.start.getTime();
    if (span <= 0) ctx.addIssue({ code: "custom", message: "The start must be before the end" });
    else if (span > max * DAY_MS) {
      ctx.addIssue({ code: "custom", message: `The range may span at most ${max} days` });
    }
  };
}

const metricsQuery = z.object({
  start_time: instant("start_time"),
  end_time: instant("end_time").optional(),
}).transform((q) => ({ start: q.start_time, end: q.end_time ?? new Date() }))
  .superRefine(window(MAX_DAYS.metrics));

const historyQuery = z.object({
  start_time: instant("start_time"),
  end_time: instant("end_time"),
  time_resolution: z.enum(["10minute", "hour", "day"], {
    error: "time_resolution must be 10minute, hour or day",
  }).default("hour"),
}).transform((q) => ({ start: q.start_time, end: q.end_time, resolution: q.time_resolution }))
  .superRefine(window(MAX_DAYS.history))
  .superRefine((q, ctx) => {
    if (q.resolution === "10minute" && q.end.getTime() - q.start.getTime() > 7 * DAY_MS) {
      ctx.addIssue({ code: "custom", message: "10minute buckets are limited to 7 days" });
    }
  });

const sessionsQuery = z.object({
  start_date: instant("start_date"),
  end_date: instant("end_date"),
}).transform((q) => ({ start: q.start_date, end: q.end_date }))
  .superRefine(window(MAX_DAYS.sessions));

const spaceIdParam = z.string().regex(
  /^[A-Za-z0-9_.:-]{1,200}$/,
  "spaceId must be a Density space id (letters, digits, _ . : -)",
);

/** Runs one Density call; its failures become 502 (504 for a timeout) with a readable error. */
async function upstream<T>(
  c: Context<Env>,
  credentials: DensityCredentials,
  work: (client: DensityClient) => Promise<T>,
): Promise<T> {
  const density = c.var.integrations.density;
  try {
    return await work(density.client(credentials));
  } catch (error) {
    if (!(error instanceof DensityError)) throw error;
    throw gatewayFailure(c, "Density", error, {
      status: error.status,
      simulator: density.simulator !== null,
    });
  }
}

/** The space of the path, the device it belongs to and the credentials to use. */
async function spaceOf(c: Context<Env>) {
  const spaceId = parse(spaceIdParam, c.req.param("spaceId"));
  const device = await deviceForSpace(c.var.sql, spaceId);
  if (!device) throw notFound.densitySpace(spaceId);
  const credentials = device.credentials ?? c.var.integrations.density.defaultCredentials;
  if (!credentials) throw conflict(NO_CREDENTIALS);
  return { spaceId, credentials };
}

export const densityRoutes = new Hono<Env>()
  // The device form's space picker: ?deviceId= uses that device's stored
  // credentials (the form shows the picker for a saved device); without it, or
  // when the device has none yet, DENSITY_API_TOKEN or the simulator's token.
  .get("/spaces", allow.admin, async (c) => {
    const { deviceId } = query(c, z.object({ deviceId: id.optional() }));
    let credentials: DensityCredentials | undefined;
    if (deviceId !== undefined) {
      const device = await deviceWithSecrets(c.var.sql, deviceId);
      if (!device) throw notFound.device();
      if (device.type !== "density") throw badRequest("That device is not a density sensor");
      credentials = device.credentials;
    }
    credentials ??= c.var.integrations.density.defaultCredentials;
    if (!credentials) throw conflict(NO_CREDENTIALS);
    return c.json(await upstream(c, credentials, (client) => client.listSpaces()));
  })
  .get("/spaces/:spaceId/count", allow.admin, async (c) => {
    const { spaceId, credentials } = await spaceOf(c);
    const { count, timestamp } = await upstream(c, credentials, (d) => d.currentCount(spaceId));
    return c.json({ count, timestamp });
  })
  .get("/spaces/:spaceId/metrics", allow.admin, async (c) => {
    const q = query(c, metricsQuery);
    const { spaceId, credentials } = await spaceOf(c);
    const used = await upstream(c, credentials, (d) => d.timeUsed(spaceId, q.start, q.end));
    return c.json({ [spaceId]: used });
  })
  .get("/spaces/:spaceId/history", allow.admin, async (c) => {
    const q = query(c, historyQuery);
    const { spaceId, credentials } = await spaceOf(c);
    const buckets = await upstream(
      c,
      credentials,
      (d) => d.occupancy(spaceId, q.start, q.end, q.resolution),
    );
    return c.json({ [spaceId]: buckets });
  })
  .get("/spaces/:spaceId/sessions", allow.admin, async (c) => {
    const q = query(c, sessionsQuery);
    const { spaceId, credentials } = await spaceOf(c);
    const sessions = await upstream(c, credentials, (d) => d.sessions(spaceId, q.start, q.end));
    return c.json({ [spaceId]: sessions });
  });
