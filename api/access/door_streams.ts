// The doors' live channel (spec 3 §3): GET /api/access/devices/self/stream keeps a
// server-sent event stream open to each connected controller. Whatever can change
// an access list notifies every API process (the access_lists triggers, migration
// 018); each process then works out the ETag, version and digest of the lists of the
// doors connected to it (access_list.ts, accessListTags: from each room's digest moved
// on by what changed, never building a list) and sends `list-changed` with them to
// each door whose list changed. So a door hears of a change made through any process,
// and none is told twice of one list.
// A notification lost while the listening connection was away is made good by
// looking again after it reconnects (db/notifications.ts).
//
// The event's id is the list's ETag: a reconnecting door sends the last one it had
// as Last-Event-ID, and hears `list-changed` at once unless its list is still that.
//
// A list's visits move with the clock (spec 4 §5: those whose pass works within 24
// hours): while doors are connected here, this process also looks every CHECK_MS
// whether a visit crossed that window, and moves it in the database if so
// (visit_window.ts): every process hears of it as of any change.
//
// Working out the lists is background work (db/guard.ts): when every door comes back
// at once (a restart, a deploy), a lockdown or a decision goes first. Commands
// (a member's remote unlock) are not: they are read as foreground work.
import type { Queries, Sql } from "../db/connect.ts";
import { background } from "../db/guard.ts";
import type { Listen } from "../db/notifications.ts";
import type { Logger } from "../http/logger.ts";
import { type EventStream, OpenStreams, writeEvent } from "../http/event_stream.ts";
import { passes } from "../jobs/passes.ts";
import { accessListTags } from "./access_list.ts";
import type { RoomParts } from "./room_parts.ts";
import { type Presence, RENEW_MS } from "../doors/presence.ts";
import { pendingCommands } from "./commands.ts";
import { CHECK_MS, moveVisitWindow } from "./visit_window.ts";

/** After a pass that failed, the next try. */
const RETRY_MS = 1_000;

/**
 * Changes heard within this long after a change's pass began wait for one pass at
 * its end: a bulk change (an import, many memberships, each its own commit) tells a
 * door once per window, not once per row. A change after a quiet spell goes at once.
 * While changes keep coming, each window is twice the last, up to COALESCE_MAX_MS; a
 * pass after a quiet window starts again at COALESCE_MS. A pass costs every door
 * connected here its tags and an event however few people changed (a single change
 * cost the campus benchmark's 2,000 doors 230-370 ms of CPU on a slow day): a 1,000-person
 * import committing for 8 s made 40 of them a process at 200 ms, which took the CPU
 * the decisions needed (issue 33, bench/list_scale.ts). No longer than 600 ms: a
 * change made during an import (someone's access taken away) still reaches the doors
 * within a second (issue 33's goal; spec 4 §1: current again within 1 second).
 */
export const COALESCE_MS = 200;
export const COALESCE_MAX_MS = 600;

/**
 * The largest delta sent with list-changed (JSON characters): a door told of a bigger
 * one asks for it. Room for an import's 1,000 people, about 150 characters each: when
 * a bulk add's passes fell behind, its deltas outgrew 8 KB, then 64 KB, and every door
 * of the campus benchmark (2,000) asked at once, their retries keeping them behind
 * for 13-16 s. The people's part is one string for every door (access_list.ts).
 */
export const INLINE_MAX = 262_144;

const encoder = new TextEncoder();

type Door = {
  deviceId: number;
  /** The key the stream was opened with: once the device no longer has it, the stream ends. */
  keyHash: string;
  stream: EventStream;
  /** The ETag of the list this door was last told of (or said it had). */
  etag: string | null;
  /** The version this door was last told of: the next list-changed carries the delta from it, when known. */
  version: string | null;
  /** The commands sent on this stream (each once; a reconnected door hears the pending ones again). */
  commandsSent: Set<number>;
};

export class DoorStreams {
  readonly #doors: OpenStreams<Door>;
  /** Listening starts with the first door's stream. */
  #listening: Promise<unknown> | undefined;
  /** The lists' passes: background work. */
  readonly #catchUp: Queries;
  /** The next try of a pass that failed. */
  #retry: ReturnType<typeof setTimeout> | undefined;
  /** Doors whose streams opened since the last pass began. */
  readonly #arrived = new Set<Door>();
  /** A change since the last pass began: it looks at every door. */
  #everyDoor = false;
  /** Renews the presence of the doors connected here while there are any. */
  #vouching: ReturnType<typeof setInterval> | undefined;
  /** Looks whether a visit crossed the lists' window while doors are connected here. */
  #windowWatch: ReturnType<typeof setInterval> | undefined;
  /** When the last pass for a change was asked for, and the pass waiting for its window's end. */
  #changedAt = -Infinity;
  #coalescing: ReturnType<typeof setTimeout> | undefined;
  /** The window after the last pass for a change (COALESCE_MS, doubled while changes keep coming). */
  #window = COALESCE_MS;

  constructor(
    private readonly sql: Queries,
    private readonly listen: Listen,
    private readonly log: Logger,
    private readonly parts: RoomParts,
    private readonly presence: Presence,
    stopping?: AbortSignal,
  ) {
    this.#doors = new OpenStreams(stopping, () => this.#stopVouching());
    this.#catchUp = background(sql as Sql);
  }

  /**
   * Opens a door's stream: it hears of its list with the next pass, at once unless it
   * already has it (Last-Event-ID). Doors connecting together (a server's restart
   * brings all of them back) share their passes, which look at the doors that
   * connected since the last one, not again at every door connected before them.
   */
  async open(door: Door) {
    if (this.#doors.closing) return door.stream.abort();
    this.#listening ??= Promise.all([
      this.listen("access_lists", () => this.#changed()),
      // A command for a device (its id), or "" (look again at every door's).
      this.listen("device_commands", (deviceId) => void this.#sendCommands(this.sql, deviceId ? Number(deviceId) : null)),
    ]);
    await this.#listening;
    this.#doors.add(door);
    this.#arrived.add(door);
    this.#pass();
    // Connected as long as its stream is open here (doors/presence.ts): the next pass
    // says so for the doors that arrived, and this process vouches again for all its
    // doors every RENEW_MS while it has any; closed, it was last seen then.
    door.stream.onAbort(() => void this.presence.streamClosed(door.deviceId).catch((error) => this.#presenceFailed(error)));
    this.#vouching ??= setInterval(() => this.#vouch(this.#doors.all()), RENEW_MS);
    if (!this.#windowWatch) {
      this.#checkWindow();
      this.#windowWatch = setInterval(this.#checkWindow, CHECK_MS);
    }
    await this.#sendCommands(this.#catchUp, door.deviceId);
  }

  async #vouch(doors: Door[]) {
    await this.presence.streamsOpen([...new Set(doors.map((door) => door.deviceId))])
      .catch((error) => this.#presenceFailed(error));
  }

  #stopVouching() {
    clearInterval(this.#vouching);
    this.#vouching = undefined;
    clearTimeout(this.#coalescing); // no door here is left to tell
    this.#coalescing = undefined;
    clearInterval(this.#windowWatch);
    this.#windowWatch = undefined;
  }

  /** One look at a time; a move is heard as a notification, like any change. */
  readonly #checkWindow = passes(
    async () => void await moveVisitWindow(this.sql),
    (error) => this.log.warn("door streams: could not move the visits' window", { error: String(error) }),
  );

  #presenceFailed(error: unknown) {
    this.log.warn("door streams: could not record a door's presence", { error: String(error) });
  }

  /** Sends each door of the device (null: every door) the pending commands it has not been sent. */
  async #sendCommands(sql: Queries, deviceId: number | null) {
    const doors = this.#doors.all().filter((door) => deviceId === null || door.deviceId === deviceId);
    for (const id of new Set(doors.map((door) => door.deviceId))) {
      const commands = await pendingCommands(sql, id).catch((error) => {
        this.log.warn("door streams: could not read commands", { error: String(error) });
        return [];
      });
      for (const door of doors.filter((d) => d.deviceId === id)) {
        for (const command of commands.filter((c) => !door.commandsSent.has(c.commandId))) {
          door.commandsSent.add(command.commandId);
          writeEvent(door.stream, "unlock", undefined, [JSON.stringify(command)]);
        }
      }
    }
  }

  /** Something changed: every door's list is looked at again, at once or at the end of the window (COALESCE_MS). */
  #changed() {
    this.#everyDoor = true;
    if (this.#coalescing) return;
    const wait = this.#changedAt + this.#window - performance.now();
    if (wait <= 0) {
      this.#window = COALESCE_MS;
      this.#changedAt = performance.now();
      return this.#pass();
    }
    this.#coalescing = setTimeout(() => {
      this.#coalescing = undefined;
      this.#window = Math.min(this.#window * 2, COALESCE_MAX_MS);
      this.#changedAt = performance.now();
      this.#pass();
    }, wait);
  }

  /**
   * Looks at the lists of the doors that need it (every door after a change, else
   * those that arrived since), one pass at a time, and once more if more came
   * meanwhile. A pass that failed (the database away, or its background work shed in
   * a storm) is tried again, at every door, after RETRY_MS while doors are connected:
   * otherwise a door connected then would not hear of its list until the next change.
   */
  readonly #pass = passes(
    async () => {
      const arrived = [...this.#arrived];
      const doors = this.#everyDoor ? this.#doors.all() : arrived;
      this.#everyDoor = false;
      this.#arrived.clear();
      // One statement for a storm's worth of arrivals, not one each.
      await this.#vouch(arrived);
      await this.#tell(doors);
    },
    (error) => {
      this.log.warn("door streams: could not look at the access lists", { error: String(error) });
      if (this.#retry || this.#doors.closing || !this.#doors.size) return;
      this.#retry = setTimeout(() => {
        this.#retry = undefined;
        if (!this.#doors.closing) this.#changed();
      }, RETRY_MS);
      Deno.unrefTimer(this.#retry);
    },
  );

  /**
   * Sends list-changed to each of `doors` whose list is not the one it has, with the
   * delta from the version it was last told when that is known (accessListTags): a
   * door that holds that version applies it and need not ask (issue 33: 2,000 doors
   * asking after every change kept the server busy for seconds); one that does not
   * asks for what changed since the version it holds. Ends those whose key is gone.
   */
  async #tell(doors: Door[]) {
    doors = doors.filter((door) => !door.stream.aborted);
    if (!doors.length) return;
    const since = new Map(doors.flatMap((door) => (door.version ? [[door.deviceId, { version: door.version, tag: door.etag }] as const] : [])));
    const lists = await accessListTags(this.#catchUp, [...new Set(doors.map((door) => door.deviceId))], this.parts, since);
    const sent: { deviceId: number; from: string; tag: string }[] = [];
    // Each delta's people's part as bytes, once for every door sent it (writeEvent).
    const encoded = new Map<string, Uint8Array>();
    const bytesOf = (people: string) => encoded.get(people) ?? encoded.set(people, encoder.encode(people)).get(people)!;
    for (const door of doors) {
      const list = lists.get(door.deviceId);
      if (!list || list.keyHash !== door.keyHash) {
        door.stream.abort(); // revoked, rotated or deleted: this key opens nothing any more
      } else if (list.tag !== door.etag) {
        // Another stream of the device may have been told another version: its delta is not this door's.
        const made = door.version !== null && door.version === since.get(door.deviceId)?.version ? list.delta?.() : undefined;
        const delta = made && made.head.length + made.people.length + made.rest.length <= INLINE_MAX ? made : undefined;
        if (delta && door.etag) sent.push({ deviceId: door.deviceId, from: door.etag, tag: list.tag });
        door.etag = list.tag;
        door.version = list.version;
        const about = JSON.stringify({ etag: list.tag, version: list.version, digest: list.digest }).slice(0, -1);
        const data = delta ? [`${about},"delta":${delta.head}`, bytesOf(delta.people), `${delta.rest}}`] : [`${about}}`];
        // Queued: a door slow to read holds up no other.
        writeEvent(door.stream, "list-changed", list.tag, data);
      } else {
        // It said it has this list (Last-Event-ID): of this version, as far as the next delta goes.
        door.version ??= list.version;
      }
    }
    // For the Doors board: which list each door holds now.
    this.presence.deltasSent(sent);
  }
}
