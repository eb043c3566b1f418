// What the Last Lock and UniFi simulators share: each serves its handler on a
// loopback port of its own, and stopping it also ends the waits of the answers
// it was told to give late, so a test never waits on a stopped simulator.
export function loopbackServer(
  name: string,
  handler: (request: Request) => Response | Promise<Response>,
) {
  let server: Deno.HttpServer | undefined;
  const sleepers = new Set<() => void>();
  return {
    /** Waits `ms`, or until stop(). */
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        sleepers.add(wake);
      }),
    /** Listens on a loopback port (0: any free one). */
    start(port = 0): Promise<{ port: number; url: string }> {
      if (server) throw new Error(`the ${name} simulator is already running`);
      return new Promise((resolve) => {
        server = Deno.serve({
          hostname: "127.0.0.1",
          port,
          onListen: (addr) => resolve({ port: addr.port, url: `http://127.0.0.1:${addr.port}` }),
        }, handler);
      });
    },
    async stop() {
      const running = server;
      server = undefined;
      for (const wake of [...sleepers]) wake();
      await running?.shutdown();
    },
  };
}
