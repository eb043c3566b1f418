// What every server-sent event stream of the API shares (the doors' streams, the
// dashboards' live events): it stays open until the other side goes or the server
// shuts down, with a comment line every 25 seconds (spec 3 §3) so that proxies and
// the client's own timeout do not close an idle one.
import type { SSEStreamingApi } from "hono/streaming";

const KEEP_ALIVE_MS = 25_000;

export async function keepOpen(stream: SSEStreamingApi) {
  while (!stream.aborted) {
    await stream.sleep(KEEP_ALIVE_MS);
    if (!stream.aborted) await stream.write(": keep-alive\n\n");
  }
}

/**
 * The open streams of one kind in this process: each leaves when it closes (the last
 * to leave calls `onEmpty`), and all end when the server stops (`stopping`), since
 * none would finish by itself.
 */
export class OpenStreams<T extends { stream: SSEStreamingApi }> {
  readonly #open = new Set<T>();

  constructor(private readonly stopping?: AbortSignal, private readonly onEmpty?: () => void) {
    stopping?.addEventListener("abort", () => {
      for (const item of this.#open) item.stream.abort();
    });
  }

  /** Whether the server is stopping: a stream opened now is ended at once. */
  get closing(): boolean {
    return this.stopping?.aborted ?? false;
  }

  add(item: T) {
    this.#open.add(item);
    item.stream.onAbort(() => {
      this.#open.delete(item);
      if (this.#open.size === 0) this.onEmpty?.();
    });
  }

  get size(): number {
    return this.#open.size;
  }

  all(): T[] {
    return [...this.#open];
  }
}
