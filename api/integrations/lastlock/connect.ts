// Which Last Lock the API talks to. With LASTLOCK_GRPC_HOST set, the real
// service; unset, the simulator, served by this process on its own loopback port
// the first time it is needed (gateway.ts). Either way the routes get the same
// client, speaking gRPC-Web over real HTTP. A port of its own keeps the simulator
// off the API's public address.
import type { Config } from "../../config.ts";
import { connectedGateway, type Gateway, simulatedGateway } from "../gateway.ts";
import { createLastLockClient, LastLockError } from "./client.ts";
import { createLastLockSimulator } from "./simulator.ts";

const LAST_LOCK = {
  name: "Last Lock",
  isFailure: (error: unknown) => error instanceof LastLockError,
};

/** The client, and for the status answer where it connects (grpcHost) and how. */
const connect = (
  config: Config,
  target: string,
  apiToken: string | undefined,
  simulated: boolean,
) => ({
  client: createLastLockClient({ target, apiToken, timeoutMs: config.lastLockTimeoutMs }),
  grpcHost: target,
  hasApiToken: Boolean(apiToken),
  simulated,
});

export type LastLockGateway = Gateway<ReturnType<typeof connect>>;

export function createLastLock(config: Config): LastLockGateway {
  if (config.lastLockGrpcHost) {
    return connectedGateway(
      LAST_LOCK,
      connect(config, config.lastLockGrpcHost, config.lastLockApiToken, false),
    );
  }
  return simulatedGateway(LAST_LOCK, async () => {
    const token = crypto.randomUUID();
    const simulator = createLastLockSimulator({ apiToken: token });
    return {
      simulator,
      connection: connect(config, (await simulator.start()).target, token, true),
    };
  });
}
