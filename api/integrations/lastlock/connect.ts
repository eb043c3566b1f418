// Which Last Lock the API talks to. With LASTLOCK_GRPC_HOST set, the real
// service; unset, the simulator, served by this process on its own loopback port
// the first time it is needed (and stopped by main.ts at shutdown). Either way
// the routes get the same client, speaking gRPC-Web over real HTTP. A port of
// its own keeps the simulator off the API's public address.
import type { Config } from "../../config.ts";
import { createLastLockClient, type LastLockClient } from "./client.ts";
import { createLastLockSimulator, type LastLockSimulator } from "./simulator.ts";

export type LastLockConnection = {
  client: LastLockClient;
  /** Where the client connects, for the status answer. */
  grpcHost: string;
  hasApiToken: boolean;
  simulated: boolean;
};

const connections = new WeakMap<Config, Promise<LastLockConnection>>();
let embedded: Promise<{ simulator: LastLockSimulator; target: string; token: string }> | undefined;

function startEmbedded() {
  embedded ??= (async () => {
    const token = crypto.randomUUID();
    const simulator = createLastLockSimulator({ apiToken: token });
    const { target } = await simulator.start();
    return { simulator, target, token };
  })().catch((error) => {
    embedded = undefined; // let the next request try again
    throw error;
  });
  return embedded;
}

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
  const { target, token } = await startEmbedded();
  return {
    client: createLastLockClient({ target, apiToken: token, timeoutMs }),
    grpcHost: target,
    hasApiToken: true,
    simulated: true,
  };
}

export function lastLockFor(config: Config): Promise<LastLockConnection> {
  let connection = connections.get(config);
  if (!connection) {
    connection = connect(config).catch((error) => {
      connections.delete(config);
      throw error;
    });
    connections.set(config, connection);
  }
  return connection;
}

/** Stops the in-process simulator, if it was started. */
export async function stopLastLockSimulator() {
  const running = embedded;
  embedded = undefined;
  if (running) await (await running.catch(() => undefined))?.simulator.stop();
}
