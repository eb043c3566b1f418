// The in-process Density simulator, also reachable over HTTP under /sim/density
// (e.g. `curl -H 'Authorization: Bearer density-demo-token' localhost:8000/sim/density/v3/spaces`)
// while DENSITY_API_BASE is unset. The API itself calls it without a socket (connect.ts).
import { Hono } from "hono";
import type { Env } from "../../http/env.ts";
import { notFound } from "../../http/not_found.ts";

export const DENSITY_SIMULATOR_PATH = "/sim/density";

export const densitySimulatorRoutes = new Hono<Env>().all("/*", (c) => {
  const simulator = c.var.integrations.density.simulator;
  if (!simulator) throw notFound.densitySimulator();
  const url = new URL(c.req.url);
  url.pathname = url.pathname.slice(DENSITY_SIMULATOR_PATH.length) || "/";
  return simulator.app.fetch(new Request(url, c.req.raw));
});
