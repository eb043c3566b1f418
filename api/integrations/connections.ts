// What the Last Lock and UniFi connections share: one connection per config, made
// the first time a route needs it (a failed attempt is forgotten, so the next
// request tries again), and a simulator served by this process on its own
// loopback port when no real service is configured, started once however many
// ask, and stopped by main.ts at shutdown.
import type { Config } from "../config.ts";

export function connectionPerConfig<C>(
  connect: (config: Config) => Promise<C>,
): (config: Config) => Promise<C> {
  const connections = new WeakMap<Config, Promise<C>>();
  return (config) => {
    let connection = connections.get(config);
    if (!connection) {
      connection = connect(config).catch((error) => {
        connections.delete(config);
        throw error;
      });
      connections.set(config, connection);
    }
    return connection;
  };
}

export function inProcessSimulator<R extends { simulator: { stop(): Promise<void> } }>(
  start: () => Promise<R>,
) {
  let running: Promise<R> | undefined;
  return {
    start(): Promise<R> {
      running ??= start().catch((error) => {
        running = undefined; // let the next request try again
        throw error;
      });
      return running;
    },
    async stop() {
      const stopping = running;
      running = undefined;
      if (stopping) await (await stopping.catch(() => undefined))?.simulator.stop();
    },
  };
}
