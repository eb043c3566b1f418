// What the Last Lock and UniFi integrations share: a gateway holds the connection
// to the service. Configured, the connection is there from the start; unset, a
// simulator is served by this process on its own loopback port the first time a
// route needs it (a failed start is forgotten, so the next request tries again),
// and stop() ends it at shutdown. One gateway per app (integrations.ts), so two
// apps never share a simulator.

export type Gateway<Connection> = {
  /** The service's name in answers and logs: "Last Lock", "UniFi". */
  name: string;
  connection(): Promise<Connection>;
  /** Stops the built-in simulator, if it was started. */
  stop(): Promise<void>;
};

/** A gateway to a configured service. */
export function connectedGateway<Connection>(
  name: string,
  connection: Connection,
): Gateway<Connection> {
  return { name, connection: () => Promise.resolve(connection), stop: () => Promise.resolve() };
}

/** A gateway to a simulator `start` serves, started when first needed. */
export function simulatedGateway<Connection>(
  name: string,
  start: () => Promise<{ simulator: { stop(): Promise<void> }; connection: Connection }>,
): Gateway<Connection> {
  let running: ReturnType<typeof start> | undefined;
  return {
    name,
    async connection() {
      running ??= start().catch((error) => {
        running = undefined; // let the next request try again
        throw error;
      });
      return (await running).connection;
    },
    async stop() {
      const stopping = running;
      running = undefined;
      if (stopping) await (await stopping.catch(() => undefined))?.simulator.stop();
    },
  };
}
