// What every server-sent event stream of the API shares (the doors' streams, the
// dashboards' live events): it stays open until the other side goes or the server
// shuts down, with a comment line every 25 seconds (spec 3 §3) so that proxies and
// the client's own timeout do not close an idle one.
import type { SSEStreamingApi } from "hono/streaming";

const KEEP_ALIVE_MS = 25_000;

const encoder = new TextEncoder();

/**
 * Writes one event whose data is `parts` in order, as one line (JSON has no line
 * breaks), framed as writeSSE frames it: the strings encoded here, the bytes as they
 * are. The same bytes may go to thousands of streams (a bulk add's delta to every
 * door) encoded once, where writeSSE would split, join and encode the whole text again
 * for each: for 1,000 doors of a process, that work and the garbage it left held the
 * process for seconds (issue 33).
 */
export function writeEvent(stream: SSEStreamingApi, event: string, id: string, parts: (string | Uint8Array)[]) {
  const chunks: Uint8Array[] = [];
  let text = `event: ${event}\ndata: `;
  for (const part of parts) {
    if (typeof part === "string") {
      text += part;
    } else {
      chunks.push(encoder.encode(text), part);
      text = "";
    }
  }
  chunks.push(encoder.encode(`${text}\nid: ${id}\n\n`));
  // In order: each write waits behind the one before it.
  return Promise.all(chunks.map((chunk) => stream.write(chunk)));
}

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
