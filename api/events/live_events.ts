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
//
// An event is heard as soon as its transaction has committed, though the process
// steps past it only once every older transaction has ended (one of them may still
// write an event that comes before it in log order). Heard ahead so, it goes without
// an id, so that a Last-Event-ID never stands past an event still to come; and the
// streams that heard it are sent its id alone once the process steps past it. So one
// long transaction (an import, a slow commit) holds back no dashboard's lockdown.
//
// A stream ends once its session is no longer an active admin's (session_watch.ts).
import type { Queries } from "../db/connect.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import type { Event } from "./contract.ts";
import type { RoomParts } from "../access/room_parts.ts";
import { type EventStream, OpenStreams, writeEvent } from "../http/event_stream.ts";
import { behind, committedAfter, eventsOf, type Position, positionOf, startPosition } from "./event_data.ts";
import { SessionWatch, type StreamSession } from "./session_watch.ts";

export const POLL_MS = 250;
const PAGE = 500;

/** The event of a stream that asked to resume from an event the log no longer holds: read again what you show. */
export const RESYNC = "resync";

export class LiveEvents {
  /**
   * Each open stream, with where it started (whose snapshot's events it must not hear)
   * and its serial: streams joined in this order.
   */
  readonly #streams: OpenStreams<{ stream: EventStream; start: Position; serial: number }>;
  /** The serial of the last stream to join. */
  #joined = 0;
  #listening: Promise<unknown> | undefined;
  #position: Position | undefined;
  /**
   * The events heard ahead of the position, by id, with the serial of the last stream
   * that had joined then: those that joined later hear them when the position reaches them.
   */
  readonly #ahead = new Map<number, { position: Position; heardBy: number }>();
  /** Reads and joins one at a time, in order: a stream joins between two reads. */
  #queue: Promise<unknown> = Promise.resolve();
  #readQueued = false;
  #poll: ReturnType<typeof setInterval> | undefined;
  readonly #sessions: SessionWatch;

  constructor(
    private readonly sql: Queries,
    private readonly listen: Listen,
    private readonly log: Logger,
    /** The process's rooms' parts: door.changed says whether a door's list is current. */
    private readonly parts: RoomParts,
    stopping?: AbortSignal,
  ) {
    this.#streams = new OpenStreams(stopping, () => this.#stopPolling());
    this.#sessions = new SessionWatch(sql, log, "admin");
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

  /**
   * Adds the stream: it first hears `resync` if asked, what was written since `start`,
   * then every event live, until `session` is no longer an active admin's.
   */
  async open(
    stream: EventStream,
    { start, resync }: { start: Position; resync: boolean },
    session: StreamSession,
  ) {
    if (this.#streams.closing) return stream.abort();
    // Watched from the first: catching up may take a while.
    this.#sessions.watch(stream, session);
    this.#listening ??= this.listen("events", () => this.#read());
    await this.#listening;
    await this.#run(async () => {
      // Told to read again what it shows, it goes on live from its start.
      if (resync) await send(stream, { event: RESYNC, data: "{}" });
      if (!this.#position) this.#position = start;
      else await this.#catchUp(stream, start, this.#position);
      // Gone while catching up: nothing to join.
      if (!stream.aborted) this.#streams.add({ stream, start, serial: ++this.#joined });
      else if (this.#streams.size === 0) this.#stopPolling();
    });
    if (this.#streams.size) this.#poll ??= setInterval(() => this.#read(), POLL_MS);
  }

  #stopPolling() {
    clearInterval(this.#poll);
    this.#poll = undefined;
    // Nobody hears this process's passes now: the next stream starts from the end again.
    void this.#run(() => {
      if (this.#streams.size) return;
      this.#position = undefined;
      this.#ahead.clear();
    });
  }

  async #catchUp(stream: EventStream, start: Position, until: Position) {
    let from = start;
    while (true) {
      // All final, as the process's position is.
      const rows = await committedAfter(this.sql, from, PAGE, until);
      for (const event of await eventsOf(this.sql, rows, this.parts)) {
        if (!behind(start, event.position)) await send(stream, message(event));
      }
      if (rows.length < PAGE) return;
      from = rows[rows.length - 1].position;
    }
  }

  /** One read of the log for every stream here, unless one is waiting to run already. */
  #read() {
    if (this.#readQueued) return;
    this.#readQueued = true;
    void this.#run(async () => {
      this.#readQueued = false;
      while (this.#position && this.#streams.size) {
        const rows = await committedAfter(this.sql, this.#position, PAGE);
        const final = rows.filter((row) => row.final);
        const heardBy = (id: number) => this.#ahead.get(id)?.heardBy ?? 0;
        // Unheard by a stream here: a final event by those that joined since it was
        // heard ahead (all, if it was not); an event ahead, if not heard yet.
        const unheard = rows.filter((row) => row.final ? heardBy(row.id) < this.#joined : !this.#ahead.has(row.id));
        const events = unheard.length ? await eventsOf(this.sql, unheard, this.parts) : [];
        for (const event of events) {
          const sse = message(event);
          if (!sse) continue;
          for (const { stream, start, serial } of this.#streams.all()) {
            // The process may stand behind where this stream began. Queued: a
            // dashboard slow to read holds up no other.
            if (serial <= heardBy(event.id) || behind(start, event.position)) continue;
            writeEvent(stream, sse.event, event.final ? sse.id : undefined, [sse.data]);
          }
        }
        for (const row of rows) {
          if (!row.final && !this.#ahead.has(row.id)) this.#ahead.set(row.id, { position: row.position, heardBy: this.#joined });
        }
        if (final.length) this.#stepTo(final[final.length - 1]);
        if (rows.length < PAGE || final.length < rows.length) break;
      }
    });
  }

  /**
   * Steps past the final event `last`: those that heard it ahead are sent its id
   * alone, as their Last-Event-ID (every event before it they have heard, or began
   * after).
   */
  #stepTo(last: { id: number; position: Position }) {
    const heardBy = this.#ahead.get(last.id)?.heardBy ?? 0;
    for (const { stream, serial } of this.#streams.all()) {
      if (serial <= heardBy) stream.write(`id: ${last.id}\n\n`);
    }
    this.#position = last.position;
    for (const [id, { position }] of this.#ahead) {
      if (behind(last.position, position)) this.#ahead.delete(id);
    }
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
