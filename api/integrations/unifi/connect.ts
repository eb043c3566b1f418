// Which UniFi console the API talks to. With UNIFI_HOST set, that console; unset,
// the simulator, served by this process on its own loopback port the first time
// it is needed (and stopped by main.ts at shutdown). A port of its own keeps the
// simulator, and its test controls, off the API's public address, and the
// client speaks real HTTP to it exactly as it would to a console.
import type { Config } from "../../config.ts";
import { connectionPerConfig, inProcessSimulator } from "../connections.ts";
import { createUnifiClient, type UnifiClient } from "./client.ts";
import { createUnifiSimulator } from "./simulator.ts";

export type UnifiConnection = {
  client: UnifiClient;
  host: string;
  hasCredentials: boolean;
  simulated: boolean;
};

const embedded = inProcessSimulator(async () => {
  const key = crypto.randomUUID();
  const simulator = createUnifiSimulator({ apiKey: key });
  const { url } = await simulator.start();
  return { simulator, url, key };
});

async function connect(config: Config): Promise<UnifiConnection> {
  const timeoutMs = config.unifiTimeoutMs;
  if (config.unifiHost) {
    return {
      client: createUnifiClient({ host: config.unifiHost, apiKey: config.unifiApiKey, timeoutMs }),
      host: config.unifiHost,
      hasCredentials: Boolean(config.unifiApiKey),
      simulated: false,
    };
  }
  const { url, key } = await embedded.start();
  return {
    client: createUnifiClient({ host: url, apiKey: key, timeoutMs }),
    host: url,
    hasCredentials: true,
    simulated: true,
  };
}

export const unifiFor = connectionPerConfig(connect);

/** Stops the in-process simulator, if it was started. */
export const stopUnifiSimulator = embedded.stop;
