// Which Last Lock the API talks to. With LASTLOCK_GRPC_HOST set, the real
// service; unset, the simulator, served by this process on its own loopback port
// the first time it is needed (gateway.ts). Either way the routes get the same
// client, speaking gRPC-Web over real HTTP. A port of its own keeps the simulator
// off the API's public address.
import type { Config } from "../../config.ts";
import { connectedGateway, type Gateway, simulatedGateway } from "../gateway.ts";
import { createLastLockClient, type LastLockClient } from "./client.ts";
import { createLastLockSimulator } from "./simulator.ts";

export type LastLockConnection = {
  client: LastLockClient;
  /** Where the client connects, for the status answer. */
  grpcHost: string;
  hasApiToken: boolean;
  simulated: boolean;
};

export type LastLockGateway = Gateway<LastLockConnection>;

const NAME = "Last Lock";

export function createLastLock(config: Config): LastLockGateway {
  const timeoutMs = config.lastLockTimeoutMs;
  if (config.lastLockGrpcHost) {
    return connectedGateway(NAME, {
      client: createLastLockClient({
        target: config.lastLockGrpcHost,
        apiToken: config.lastLockApiToken,
        timeoutMs,
      }),
      grpcHost: config.lastLockGrpcHost,
      hasApiToken: Boolean(config.lastLockApiToken),
      simulated: false,
    });
  }
  return simulatedGateway(NAME, async () => {
    const token = crypto.randomUUID();
    const simulator = createLastLockSimulator({ apiToken: token });
    const { target } = await simulator.start();
    return {
      simulator,
      connection: {
        client: createLastLockClient({ target, apiToken: token, timeoutMs }),
        grpcHost: target,
        hasApiToken: true,
        simulated: true,
      },
    };
  });
}
