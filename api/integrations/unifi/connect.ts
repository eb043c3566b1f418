// Which UniFi console the API talks to. With UNIFI_HOST set, that console; unset,
// the simulator, served by this process on its own loopback port the first time
// it is needed (gateway.ts). A port of its own keeps the simulator, and its test
// controls, off the API's public address, and the client speaks real HTTP to it
// exactly as it would to a console.
import type { Config } from "../../config.ts";
import { connectedGateway, type Gateway, simulatedGateway } from "../gateway.ts";
import { createUnifiClient, UnifiError } from "./client.ts";
import { createUnifiSimulator } from "./simulator.ts";

const UNIFI = { name: "UniFi", isFailure: (error: unknown) => error instanceof UnifiError };

/** The client, and for the status answer which console and whether a key is set. */
const connect = (config: Config, host: string, apiKey: string | undefined, simulated: boolean) => ({
  client: createUnifiClient({ host, apiKey, timeoutMs: config.unifiTimeoutMs }),
  host,
  hasCredentials: Boolean(apiKey),
  simulated,
});

export type UnifiGateway = Gateway<ReturnType<typeof connect>>;

export function createUnifi(config: Config): UnifiGateway {
  if (config.unifiHost) {
    return connectedGateway(UNIFI, connect(config, config.unifiHost, config.unifiApiKey, false));
  }
  return simulatedGateway(UNIFI, async () => {
    const key = crypto.randomUUID();
    const simulator = createUnifiSimulator({ apiKey: key });
    return { simulator, connection: connect(config, (await simulator.start()).url, key, true) };
  });
}
