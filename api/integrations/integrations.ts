// The external services, built once per app from its configuration and handed to
// every handler through the context (c.var.integrations): a test builds its own,
// so two apps never share a simulator, a token or a failure mode.
import type { Config } from "../config.ts";
import { createLastLock, type LastLockGateway } from "./lastlock/connect.ts";
import { createUnifi, type UnifiGateway } from "./unifi/connect.ts";
import { createDensity, type DensityIntegration } from "./density/connect.ts";
import { createStripe, type StripeIntegration } from "./stripe/client.ts";

export type Integrations = {
  lastLock: LastLockGateway;
  unifi: UnifiGateway;
  density: DensityIntegration;
  stripe: StripeIntegration;
};

export function createIntegrations(config: Config): Integrations {
  return {
    lastLock: createLastLock(config),
    unifi: createUnifi(config),
    density: createDensity(config),
    stripe: createStripe(config),
  };
}

/** Stops the simulators this process serves on ports of their own (the others need nothing). */
export async function stopIntegrations(integrations: Partial<Integrations>) {
  await Promise.all([integrations.lastLock?.stop(), integrations.unifi?.stop()]);
}
