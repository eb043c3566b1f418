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
import { parse, query } from "../../http/validate.ts";
import { id } from "../../http/schema_parts.ts";
import { allow } from "../../auth/access.ts";
import { type DensityClient, type DensityCredentials, DensityError } from "./client.ts";
import { gatewayFailure } from "../gateway_errors.ts";
import { deviceForSpace, deviceWithSecrets } from "./repo.ts";
import { historyQuery, metricsQuery, sessionsQuery, spaceIdParam } from "./schemas.ts";
import type { DensityCount, DensityHistory, DensityMetrics, DensitySessions } from "./contract.ts";

const NO_CREDENTIALS =
  "No Density credentials: save an API token or OAuth client on the density device, " +
  "or set DENSITY_API_TOKEN";

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
    return c.json({ count, timestamp } satisfies DensityCount);
  })
  .get("/spaces/:spaceId/metrics", allow.admin, async (c) => {
    const q = query(c, metricsQuery);
    const { spaceId, credentials } = await spaceOf(c);
    const used = await upstream(c, credentials, (d) => d.timeUsed(spaceId, q.start, q.end));
    return c.json({ [spaceId]: used } satisfies DensityMetrics);
  })
  .get("/spaces/:spaceId/history", allow.admin, async (c) => {
    const q = query(c, historyQuery);
    const { spaceId, credentials } = await spaceOf(c);
    const buckets = await upstream(
      c,
      credentials,
      (d) => d.occupancy(spaceId, q.start, q.end, q.resolution),
    );
    return c.json({ [spaceId]: buckets } satisfies DensityHistory);
  })
  .get("/spaces/:spaceId/sessions", allow.admin, async (c) => {
    const q = query(c, sessionsQuery);
    const { spaceId, credentials } = await spaceOf(c);
    const sessions = await upstream(c, credentials, (d) => d.sessions(spaceId, q.start, q.end));
    return c.json({ [spaceId]: sessions } satisfies DensitySessions);
  });
