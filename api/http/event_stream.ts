// What every server-sent event stream of the API shares (the doors' streams, the
// dashboards' live events, the members' doors): it stays open until the other side
// goes or the server shuts down, with a comment line every 25 seconds (spec 3 §3) so
// that proxies and the client's own timeout do not close an idle one.
//
// Written straight into the answer's body, not through hono's streamSSE, whose every
// write goes through a TransformStream and a pull: a change is written to every door
// at once (2,000 on a campus, a bulk add's delta to each), and there its promises were
// most of an API process's work (45,000 writes to 1,000 streams: 700 ms against 90).
import type { Context } from "hono";
import type { Env } from "./env.ts";

const KEEP_ALIVE_MS = 25_000;

const encoder = new TextEncoder();

/** An open stream of server-sent events. */
export class EventStream {
  /** The other side went, or the stream was ended here. */
  aborted = false;
  readonly #ended: (() => void)[] = [];
  /** Writes waiting for the other side to take what is queued. */
  #waiting: (() => void)[] = [];
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly body = new ReadableStream<Uint8Array>({
    start: (controller) => void (this.#controller = controller),
    pull: () => this.#wasTaken(),
    cancel: () => this.#end(),
  });

  /** Queues bytes (text encoded): never waits, so a slow reader holds up no other stream. */
  write(chunk: string | Uint8Array) {
    if (!this.aborted) this.#controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
  }

  /**
   * Writes one event; resolves once the other side has taken what was queued (or the
   * stream ended), for a writer that should not run ahead of a slow reader.
   */
  writeSSE({ event, id, data }: { event: string; id?: string; data: string }): Promise<void> {
    writeEvent(this, event, id, [data]);
    return (this.#controller.desiredSize ?? 0) > 0 || this.aborted
      ? Promise.resolve()
      : new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Ends the stream (the answer ends); its abort listeners run. */
  abort() {
    if (this.aborted) return;
    this.#controller.close();
    this.#end();
  }

  onAbort(listener: () => void) {
    this.#ended.push(listener);
  }

  #wasTaken() {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }

  #end() {
    if (this.aborted) return;
    this.aborted = true;
    this.#wasTaken();
    for (const listener of this.#ended) listener();
  }
}

/**
 * Answers with a new event stream, which `run` writes (a failure is logged and ends
 * it: the client opens another): as streamSSE answers, Transfer-Encoding included,
 * which the app's compression leaves alone (http/compression.ts).
 */
export function eventStream<E extends Env>(c: Context<E>, run: (stream: EventStream) => Promise<unknown>): Response {
  const stream = new EventStream();
  run(stream)
    .catch((error) => c.var.log.warn("event stream: ended by a failure", { path: c.req.path, error: String(error) }))
    .finally(() => stream.abort());
  return c.newResponse(stream.body, 200, {
    "Transfer-Encoding": "chunked",
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache",
    Connection: "keep-alive",
  });
}

/**
 * Writes one event whose data is `parts` in order, as one line (JSON has no line
 * breaks): the strings encoded here, the bytes copied as they are. The same bytes may
 * go to thousands of streams (a bulk add's delta to every door) encoded once, where
 * encoding the whole text for each held an API process for seconds (issue 33). One
 * chunk per event: as three (the door's own head, the shared part, its end), the
 * campus benchmark's doors read twice as many pieces and took twice the CPU.
 */
export function writeEvent(stream: EventStream, event: string, id: string | undefined, parts: (string | Uint8Array)[]) {
  const pieces = [`event: ${event}\ndata: `, ...parts, `${id === undefined ? "" : `\nid: ${id}`}\n\n`]
    .map((part) => typeof part === "string" ? encoder.encode(part) : part);
  const frame = new Uint8Array(pieces.reduce((length, piece) => length + piece.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    frame.set(piece, at);
    at += piece.byteLength;
  }
  stream.write(frame);
}

/** Keeps the stream open until it ends, with a comment line every KEEP_ALIVE_MS. */
export async function keepOpen(stream: EventStream) {
  while (!stream.aborted) {
    await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS));
    stream.write(": keep-alive\n\n");
  }
}

/**
 * The open streams of one kind in this process: each leaves when it closes (the last
 * to leave calls `onEmpty`), and all end when the server stops (`stopping`), since
 * none would finish by itself.
 */
export class OpenStreams<T extends { stream: EventStream }> {
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
