// Which Last Lock the API talks to. With LASTLOCK_GRPC_HOST set, the real
// service; unset, the simulator, served by this process on its own loopback port
// the first time it is needed (and stopped by main.ts at shutdown). Either way
// the routes get the same client, speaking gRPC-Web over real HTTP. A port of
// its own keeps the simulator off the API's public address.
import type { Config } from "../../config.ts";
import { connectionPerConfig, inProcessSimulator } from "../connections.ts";
import { createLastLockClient, type LastLockClient } from "./client.ts";
import { createLastLockSimulator } from "./simulator.ts";

export type LastLockConnection = {
  client: LastLockClient;
  /** Where the client connects, for the status answer. */
  grpcHost: string;
  hasApiToken: boolean;
  simulated: boolean;
};

const embedded = inProcessSimulator(async () => {
  const token = crypto.randomUUID();
  const simulator = createLastLockSimulator({ apiToken: token });
  const { target } = await simulator.start();
  return { simulator, target, token };
});

async function connect(config: Config): Promise<LastLockConnection> {
  const timeoutMs = config.lastLockTimeoutMs;
  if (config.lastLockGrpcHost) {
    return {
      client: createLastLockClient({
        target: config.lastLockGrpcHost,
        apiToken: config.lastLockApiToken,
        timeoutMs,
      }),
      grpcHost: config.lastLockGrpcHost,
      hasApiToken: Boolean(config.lastLockApiToken),
      simulated: false,
    };
  }
  const { target, token } = await embedded.start();
  return {
    client: createLastLockClient({ target, apiToken: token, timeoutMs }),
    grpcHost: target,
    hasApiToken: true,
    simulated: true,
  };
}

export const lastLockFor = connectionPerConfig(connect);

/** Stops the in-process simulator, if it was started. */
export const stopLastLockSimulator = embedded.stop;
