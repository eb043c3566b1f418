// Live events for the dashboards (spec 3 §6): GET /api/events/stream keeps a
// server-sent event stream open to each admin's dashboard. Changes reach every API
// process through PostgreSQL (NOTIFY live_events, from triggers: migration 018) and
// each process passes them to the streams open on it. So far: lockdown.started and
// lockdown.ended ({ id }). After the listening connection comes back (a notification
// may have been missed) every stream hears `resync`: read again what you show.
import type { SSEStreamingApi } from "hono/streaming";
import type { Listen } from "../db/notifications.ts";

export class LiveEvents {
  readonly #streams = new Set<SSEStreamingApi>();
  #listening: Promise<unknown> | undefined;

  constructor(private readonly listen: Listen, private readonly stopping?: AbortSignal) {
    stopping?.addEventListener("abort", () => {
      for (const stream of this.#streams) stream.abort();
    });
  }

  async open(stream: SSEStreamingApi) {
    if (this.stopping?.aborted) return stream.abort();
    this.#listening ??= this.listen("live_events", (payload) => this.#send(payload));
    await this.#listening;
    this.#streams.add(stream);
    stream.onAbort(() => void this.#streams.delete(stream));
  }

  #send(payload: string) {
    const { type, data } = payload ? JSON.parse(payload) as { type: string; data: unknown } : { type: "resync", data: {} };
    for (const stream of this.#streams) {
      stream.writeSSE({ event: type, data: JSON.stringify(data) }).catch(() => stream.abort());
    }
  }
}
