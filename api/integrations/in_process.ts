// A fetch that hands the request to a Hono app in this process instead of a
// socket: the same Request and Response objects, and like a real fetch it
// rejects with an AbortError as soon as the request's signal aborts (a client's
// timeout), whatever the app is still doing.
type Handler = { fetch: (request: Request) => Response | Promise<Response> };

export function inProcessFetch(app: Handler) {
  return (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { signal } = request;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason ?? new DOMException("Aborted", "AbortError"));
      signal.addEventListener("abort", onAbort, { once: true });
      Promise.resolve(app.fetch(request)).then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
}

/** A simulated hang: waits until the request is aborted (the client's deadline), a minute at most. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 60_000);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
