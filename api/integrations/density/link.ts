// Which Density the API talks to. DENSITY_API_BASE set: that service over the
// network. Unset: the simulator, called in process (no socket, same HTTP
// requests and answers), so the product works offline on one machine.
import type { Config } from "../../config.ts";
import {
  createDensityClient,
  type DensityClient,
  type DensityCredentials,
  type DensityTransport,
} from "./client.ts";
import { createDensitySimulator, DENSITY_DEMO_TOKEN } from "./simulator.ts";

/** The base URL the client uses for the in-process simulator (never resolved). */
export const DENSITY_SIMULATOR_BASE = "http://density.simulator";

/** The simulator this process uses, and the request deadline. Tests may swap or lower them. */
export const densityLink = {
  simulator: createDensitySimulator(),
  timeoutMs: 10_000,
};

export const usesDensitySimulator = (config: Config) => !config.densityApiBase;

export function densityTransport(config: Config): DensityTransport {
  if (config.densityApiBase) {
    return {
      baseUrl: config.densityApiBase,
      fetch: (r) => fetch(r),
      timeoutMs: densityLink.timeoutMs,
    };
  }
  return {
    baseUrl: DENSITY_SIMULATOR_BASE,
    fetch: (r) => densityLink.simulator.fetch(r),
    timeoutMs: densityLink.timeoutMs,
  };
}

/** Credentials used when a device has none: DENSITY_API_TOKEN, or the simulator's demo token. */
export function defaultDensityCredentials(config: Config): DensityCredentials | undefined {
  if (config.densityApiToken) return { kind: "bearer", token: config.densityApiToken };
  if (usesDensitySimulator(config)) return { kind: "bearer", token: DENSITY_DEMO_TOKEN };
  return undefined;
}

export const densityClient = (config: Config, credentials: DensityCredentials): DensityClient =>
  createDensityClient(densityTransport(config), credentials);
