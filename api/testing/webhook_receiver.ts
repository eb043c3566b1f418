// A webhook endpoint for tests and benchmarks: a real HTTP server on a loopback
// port that records what it receives and answers as told.

export type Received = { path: string; headers: Headers; body: string; at: number };

/** How the receiver answers: the request, and its body already read. */
export type Answer = (request: Request, body: string) => Response | Promise<Response>;

export function startReceiver(answer: Answer = () => new Response("ok")) {
  const received: Received[] = [];
  let respond = answer;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const body = await request.text();
      received.push({
        path: new URL(request.url).pathname,
        headers: request.headers,
        body,
        at: performance.now(),
      });
      return await respond(request, body);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    received,
    /** Answers from now on with this. */
    answer(fn: Answer) {
      respond = fn;
    },
    stop: () => server.shutdown(),
  };
}
