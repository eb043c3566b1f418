// What the Last Lock and UniFi integrations share: a gateway holds the connection
// to the service. Configured, the connection is there from the start; unset, a
// simulator is served by this process on its own loopback port the first time a
// route needs it (a failed start is forgotten, so the next request tries again),
// and stop() ends it at shutdown. One gateway per app (integrations.ts), so two
// apps never share a simulator.

/** What each client's error carries (LastLockError, UnifiError, DensityError). */
export type ServiceFailure = Error & { kind: string; detail?: string };

/** The service behind a gateway: its name in answers and logs, and its client's errors. */
export type Service = {
  name: string;
  isFailure(error: unknown): error is ServiceFailure;
};

export type Gateway<Connection extends { client: unknown }> = Service & {
  connection(): Promise<Connection>;
  /** Stops the built-in simulator, if it was started. */
  stop(): Promise<void>;
};

/** A gateway to a configured service. */
export function connectedGateway<Connection extends { client: unknown }>(
  service: Service,
  connection: Connection,
): Gateway<Connection> {
  return {
    ...service,
    connection: () => Promise.resolve(connection),
    stop: () => Promise.resolve(),
  };
}

/** A gateway to a simulator `start` serves, started when first needed. */
export function simulatedGateway<Connection extends { client: unknown }>(
  service: Service,
  start: () => Promise<{ simulator: { stop(): Promise<void> }; connection: Connection }>,
): Gateway<Connection> {
  let running: ReturnType<typeof start> | undefined;
  return {
    ...service,
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
