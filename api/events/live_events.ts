// Live events for the dashboards (spec 3 §6): GET /api/events/stream keeps a
// server-sent event stream open to each admin's dashboard, carrying access
// decisions, lockdowns started and ended, remote unlocks and admin changes as the
// event log (migration 020) receives them, whichever process wrote them.
//
// Each process reads the log once for all its streams, from where it stands
// (event_data.ts, a position that never skips an event committed late), and passes
// every event to every stream open on it. It reads when a NOTIFY events says
// something was written (every event but a decision: see the migration), every
// POLL_MS while a stream is open (the decisions), and after the listening
// connection comes back. A stream starts where the log stood when it was asked
// for (or after its Last-Event-ID): it first gets what was written since, from the
// log, up to where the process stands, then the rest live.
import type { Queries } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import type { Event } from "./contract.ts";
import type { RoomParts } from "../access/room_parts.ts";
import { type EventStream, OpenStreams, writeEvent } from "../http/event_stream.ts";
import { eventsAfter, type Position, positionOf, behind, startPosition } from "./event_data.ts";

export const POLL_MS = 250;
const PAGE = 500;

/** The event of a stream that asked to resume from an event the log no longer holds: read again what you show. */
export const RESYNC = "resync";

export class LiveEvents {
  /** Each open stream, with where it started (whose snapshot's events it must not hear). */
  readonly #streams: OpenStreams<{ stream: EventStream; start: Position }>;
  #listening: Promise<unknown> | undefined;
  #position: Position | undefined;
  /** Reads and joins one at a time, in order: a stream joins between two reads. */
  #queue: Promise<unknown> = Promise.resolve();
  #readQueued = false;
  #poll: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly sql: Queries,
    private readonly listen: Listen,
    private readonly log: Logger,
    /** The process's rooms' parts: door.changed says whether a door's list is current. */
    private readonly parts: RoomParts,
    stopping?: AbortSignal,
  ) {
    this.#streams = new OpenStreams(stopping, () => this.#stopPolling());
  }

  /**
   * Where a new stream starts, taken before its answer goes out: after `lastEventId`,
   * or else after everything committed so far. A `lastEventId` no longer held starts
   * from now too, with `resync`: taken here, not after `resync` is sent, or an event
   * committed once the client heard `resync` could fall before its start, unheard.
   */
  async startOf(lastEventId?: number): Promise<{ start: Position; resync: boolean }> {
    const after = lastEventId === undefined ? undefined : await positionOf(this.sql, lastEventId);
    return after
      ? { start: after, resync: false }
      : { start: await startPosition(this.sql), resync: lastEventId !== undefined };
  }

  /** Adds the stream: it first hears `resync` if asked, what was written since `start`, then every event live. */
  async open(stream: EventStream, { start, resync }: { start: Position; resync: boolean }) {
    if (this.#streams.closing) return stream.abort();
    this.#listening ??= this.listen("events", () => this.#read());
    await this.#listening;
    await this.#run(async () => {
      // Told to read again what it shows, it goes on live from its start.
      if (resync) await send(stream, { event: RESYNC, data: "{}" });
      if (!this.#position) this.#position = start;
      else await this.#catchUp(stream, start, this.#position);
      // Gone while catching up: nothing to join.
      if (!stream.aborted) this.#streams.add({ stream, start });
      else if (this.#streams.size === 0) this.#stopPolling();
    });
    if (this.#streams.size) this.#poll ??= setInterval(() => this.#read(), POLL_MS);
  }

  #stopPolling() {
    clearInterval(this.#poll);
    this.#poll = undefined;
    // Nobody hears this process's passes now: the next stream starts from the end again.
    void this.#run(() => {
      if (this.#streams.size === 0) this.#position = undefined;
    });
  }

  async #catchUp(stream: EventStream, start: Position, until: Position) {
    let from = start;
    while (true) {
      const events = await eventsAfter(this.sql, from, PAGE, until, this.parts);
      for (const event of events) {
        if (!behind(start, event.position)) await send(stream, message(event));
      }
      if (events.length < PAGE) return;
      from = events[events.length - 1].position;
    }
  }

  /** One read of the log for every stream here, unless one is waiting to run already. */
  #read() {
    if (this.#readQueued) return;
    this.#readQueued = true;
    void this.#run(async () => {
      this.#readQueued = false;
      while (this.#position && this.#streams.size) {
        const events = await eventsAfter(this.sql, this.#position, PAGE, undefined, this.parts);
        for (const event of events) {
          const sse = message(event);
          if (!sse) continue;
          for (const { stream, start } of this.#streams.all()) {
            // The process may stand behind where this stream began. Queued: a
            // dashboard slow to read holds up no other.
            if (!behind(start, event.position)) writeEvent(stream, sse.event, sse.id, [sse.data]);
          }
        }
        if (events.length) this.#position = events[events.length - 1].position;
        if (events.length < PAGE) break;
      }
    });
  }

  #run(task: () => unknown): Promise<unknown> {
    const run = this.#queue.then(task);
    this.#queue = run.catch((error) =>
      this.log.warn("live events: reading the event log failed", { error: String(error) })
    );
    return run;
  }
}

const message = (event: Event) =>
  event.type === "webhook.test"
    ? undefined
    : { id: String(event.id), event: event.type, data: JSON.stringify(event.data) };

async function send(
  stream: EventStream,
  sse: { id?: string; event: string; data: string } | undefined,
) {
  if (sse) await stream.writeSSE(sse);
}
