// Which UniFi console the API talks to. With UNIFI_HOST set, that console; unset,
// the simulator, served by this process on its own loopback port the first time
// it is needed (gateway.ts). A port of its own keeps the simulator, and its test
// controls, off the API's public address, and the client speaks real HTTP to it
// exactly as it would to a console.
import type { Config } from "../../config.ts";
import { connectedGateway, type Gateway, simulatedGateway } from "../gateway.ts";
import { createUnifiClient, type UnifiClient } from "./client.ts";
import { createUnifiSimulator } from "./simulator.ts";

export type UnifiConnection = {
  client: UnifiClient;
  host: string;
  hasCredentials: boolean;
  simulated: boolean;
};

export type UnifiGateway = Gateway<UnifiConnection>;

const NAME = "UniFi";

export function createUnifi(config: Config): UnifiGateway {
  const timeoutMs = config.unifiTimeoutMs;
  if (config.unifiHost) {
    return connectedGateway(NAME, {
      client: createUnifiClient({ host: config.unifiHost, apiKey: config.unifiApiKey, timeoutMs }),
      host: config.unifiHost,
      hasCredentials: Boolean(config.unifiApiKey),
      simulated: false,
    });
  }
  return simulatedGateway(NAME, async () => {
    const key = crypto.randomUUID();
    const simulator = createUnifiSimulator({ apiKey: key });
    const { url } = await simulator.start();
    return {
      simulator,
      connection: {
        client: createUnifiClient({ host: url, apiKey: key, timeoutMs }),
        host: url,
        hasCredentials: true,
        simulated: true,
      },
    };
  });
}
