// Which Density the API talks to. DENSITY_API_BASE set: that service over the
// network. Unset: the simulator, called in process (no socket, same HTTP
// requests and answers), so the product works offline on one machine; it is
// also served under /sim/density (simulator_routes.ts).
import type { Config } from "../../config.ts";
import {
  createDensityClient,
  type DensityClient,
  type DensityCredentials,
  densityTokens,
} from "./client.ts";
import { createDensitySimulator, DENSITY_DEMO_TOKEN, type DensitySimulator } from "./simulator.ts";

/** The base URL the client uses for the in-process simulator (never resolved). */
const DENSITY_SIMULATOR_BASE = "http://density.simulator";

export type DensityIntegration = {
  /** The in-process simulator, while DENSITY_API_BASE is unset; null with the real service. */
  simulator: DensitySimulator | null;
  /** DENSITY_API_TOKEN, or the simulator's demo token: for a device that has no credentials. */
  defaultCredentials: DensityCredentials | undefined;
  client(credentials: DensityCredentials): DensityClient;
};

/** Tests may hand in their own simulator, or a shorter deadline. */
export type DensityOptions = { simulator?: DensitySimulator; timeoutMs?: number };

export function createDensity(config: Config, options: DensityOptions = {}): DensityIntegration {
  const simulator = config.densityApiBase ? null : options.simulator ?? createDensitySimulator();
  const transport = {
    timeoutMs: options.timeoutMs ?? 10_000,
    tokens: densityTokens(),
    ...(simulator
      ? { baseUrl: DENSITY_SIMULATOR_BASE, fetch: (r: Request) => simulator.fetch(r) }
      : { baseUrl: config.densityApiBase!, fetch: (r: Request) => fetch(r) }),
  };
  const token = config.densityApiToken ?? (simulator ? DENSITY_DEMO_TOKEN : undefined);
  return {
    simulator,
    defaultCredentials: token ? { kind: "bearer", token } : undefined,
    client: (credentials) => createDensityClient(transport, credentials),
  };
}
