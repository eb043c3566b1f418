// The reference door controller (spec 3 §3). It keeps its door's access list (at
// start, and again on each list-changed of its event stream, by asking what changed
// since its version and checking the result against the server's digest: issue 33),
// asks the server for each badge and, when the server does not answer within 300 ms,
// cannot be reached or cannot decide now (429, 5xx), decides alone with the server's own
// rules (api/access/offline_decision.ts) and keeps that decision on disk until the server
// has it; a badge the server refused to decide is denied, and while the server refuses its
// key (401: revoked, rotated, the device deleted) it grants nobody alone, even after a
// restart (its list may be one an admin meant to take away). It follows its room's
// unlock schedule and lockdowns. Every event is one line of output. When the
// server is away or overloaded it tries again after a random, growing wait and no
// sooner than the server's Retry-After (backoff.ts, issue 32), so that a fleet of
// doors does not come back all at once. Guests (spec 4 §5) type a PIN at its keypad or
// show their pass's QR code: asked and decided the same way, from the list's visits
// when alone, with its own count of wrong PINs meanwhile (offline_decision.ts's
// WrongPins: five within a minute refuse PINs for a minute, as the server does; kept
// on disk with the rest, so a restart does not give five more guesses).
import type { AccessList } from "../api/access/access_list.ts";
import type { CredentialInput } from "../api/access/schemas.ts";
import { type AloneDecision, decideAlone, WrongPins } from "../api/access/offline_decision.ts";
import { applyDelta, type ListDelta } from "../api/access/list_delta.ts";
import { HeldDigest } from "../api/access/list_digest.ts";
import { currentSince, isOpen } from "../api/schedules/schedule_time.ts";
import type { DoorInputEvent, DoorState, OfflineEvent, StateStore } from "./state_file.ts";
import type { DoorEventType } from "../api/doors/door_rules.ts";
import { Backoff, type BackoffOptions } from "./backoff.ts";

/** How long a badge waits for the server before the door decides alone. */
export const ASK_TIMEOUT_MS = 300;
/** Offline events per upload (the server takes 200). */
const UPLOAD_BATCH = 200;
/** A grant, an exit request or a remote unlock releases the lock this long (spec 4 §1). */
export const RELEASE_MS = 5_000;
/** Why a badge is denied while the server refuses the door's key. */
const KEY_REFUSED = "Device key refused";

export type ControllerOptions = {
  url: string;
  key: string;
  /** Where its state is kept: fileStore(path) for a real door. */
  store: StateStore;
  print: (line: string) => void;
  /** How it reaches the server; fetch unless in process (the demo's doors). */
  fetch?: typeof fetch;
  /** The controller's clock; Date.now unless shifted (--clock-offset, for drills). */
  now?: () => number;
  /** The waits between tries to reach the stream or the list (backoff.ts's defaults: 1 s, at most 30 s). */
  backoff?: BackoffOptions;
};

export class DoorController {
  #state!: DoorState;
  #stopped = new AbortController();
  #uploading: Promise<void> | undefined;
  #streaming: Promise<void> | undefined;
  /** The list being fetched (and fetched again while that fails), one fetch at a time. */
  #refreshing: Promise<void> | undefined;
  /** The digest of the list it holds (which list: any other, from disk or fetched whole, is worked out again). */
  #digest: { list: AccessList; held: HeldDigest } | undefined;
  /** A list-changed not yet answered by a fetch begun after it. */
  #listStale = false;
  #doorOpen: boolean | undefined;
  /** Until when (its clock) the lock is released by a grant, an exit request or a remote unlock. */
  #releasedUntil = -Infinity;
  /** Wrong PINs it saw while deciding alone (the server counts those it decides), counted in its state. */
  #wrongPins!: WrongPins;
  readonly #now: () => number;

  constructor(private readonly options: ControllerOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** Loads what it kept, then keeps its list current and follows its unlock schedule until stopped. */
  async start() {
    this.#state = await this.options.store.load();
    this.#wrongPins = new WrongPins(this.#state.wrongPins); // counts in the state it saves
    if (this.#state.list) this.#print(`list from disk ${this.#state.etag} (${this.#describe(this.#state.list)})`);
    await this.#refreshList().catch((error) => this.#print(`server unreachable: ${message(error)}`));
    this.#streaming = this.#streamLoop();
    this.#followDoor();
    const timer = setInterval(() => this.#followDoor(), 1_000);
    this.#stopped.signal.addEventListener("abort", () => clearInterval(timer));
    if (this.#state.pending.length || this.#state.doorEvents.length) this.#upload();
  }

  /** Stops, once what it was doing (an upload, a list being saved, an unlock being answered) is done. */
  async stop() {
    this.#stopped.abort();
    await Promise.all([this.#uploading, this.#streaming, this.#refreshing]);
    await this.#uploading; // one the stream started as it ended
  }

  /** The access list it decides by (null until it has one). */
  get list(): AccessList | null {
    return this.#state?.list ?? null;
  }

  /** Door inputs not yet accepted by the server. */
  pendingDoorInputs(): number {
    return this.#state.doorEvents.length;
  }

  /** The server refused its key (401): rotated or revoked by an admin, or the device deleted. */
  get keyRefused(): boolean {
    return this.#state?.keyRefused ?? false;
  }

  /** Hands over now what it decided alone, and waits until that is done (or failed). */
  async flush() {
    await this.#uploading;
    this.#upload();
    await this.#uploading;
  }

  /**
   * One badge: the server's decision, or its own when the server does not answer in time
   * or cannot decide now; denied when the server refused the request (its key, its fields).
   */
  async badge(credential: CredentialInput, action = "Unlock") {
    const eventId = crypto.randomUUID();
    const asked = await this.#call("POST", "/api/access/decisions", {
      body: { credential, action, eventId },
      timeoutMs: ASK_TIMEOUT_MS,
    }).catch((error) => error as Error);
    if (asked instanceof Error || cannotAnswerNow(asked.status)) {
      if (!(asked instanceof Error)) await asked.body?.cancel();
      const why = asked instanceof Error ? message(asked) : `answered ${asked.status}`;
      return await this.#alone(credential, action, eventId, why);
    }
    if (asked.status !== 200) {
      // Refused by the server (401: its key; another 4xx: the request): not for the door to decide.
      const error = await errorOf(asked);
      const d = denied(asked.status === 401 ? KEY_REFUSED : error);
      this.#print(`denied -: ${d.message} (server)`);
      return d;
    }
    const d = await asked.json();
    if (d.decision === "granted") await this.#granted();
    this.#print(`${d.decision} ${d.userName ?? "-"}: ${d.message} (server)`);
    this.#upload(); // the server is back: hand over what was decided alone
    return d;
  }

  async #alone(credential: CredentialInput, action: string, eventId: string, why: string) {
    const list = this.#state.list;
    const at = new Date(this.#now());
    const pin = credential.type === "PIN";
    // A refused key's list may hold people an admin meant to shut out by revoking it.
    const d = this.#state.keyRefused
      ? denied(KEY_REFUSED)
      : list
      ? decideAlone(list, credential, at, { pinLocked: pin && this.#wrongPins.locked(at.getTime()) })
      : denied("No access list yet");
    // A PIN no listed visit holds is a wrong one, as the server counts unknown ones
    // (one not looked for, its key refused, is not).
    if (pin && list && d.reason === null && d.visitId === null) this.#wrongPins.wrong(at.getTime());
    const event: OfflineEvent = {
      eventId,
      timestamp: at.toISOString(),
      credential,
      decision: d.decision,
      ...(d.reason ? { reason: d.reason } : {}),
      action,
    };
    // On disk before the door acts on it: nothing decided is lost by a crash.
    this.#state.pending.push(event);
    if (d.decision === "granted") {
      this.#release();
      this.#state.lastGrantAt = event.timestamp;
    }
    await this.#save();
    this.#print(`${d.decision} ${d.userName ?? "-"}: ${d.message} (alone, ${why}) ${eventId}`);
    this.#followDoor();
    return d;
  }

  async #granted() {
    this.#release();
    this.#state.lastGrantAt = new Date(this.#now()).toISOString();
    await this.#save();
    this.#followDoor();
  }

  /**
   * Hands over what the server has not yet had, oldest first, once at a time: the
   * decisions made alone, then the door's inputs.
   */
  #upload() {
    if (this.#uploading || !(this.#state.pending.length || this.#state.doorEvents.length)) return;
    this.#uploading = (async () => {
      try {
        await this.#uploadQueue("pending", "/api/access/devices/self/events", "decided alone");
        await this.#uploadQueue("doorEvents", "/api/access/devices/self/door-events", "door inputs");
      } catch (error) {
        this.#print(`upload failed: ${message(error)}`);
      } finally {
        this.#uploading = undefined;
      }
    })();
  }

  /** One queue of the state, in batches, each taken off the queue (and the disk) once the server has it. */
  async #uploadQueue(queue: "pending" | "doorEvents", path: string, what: string) {
    while (this.#state[queue].length && !this.#stopped.signal.aborted) {
      const batch: { eventId: string }[] = this.#state[queue].slice(0, UPLOAD_BATCH);
      const res = await this.#call("POST", path, { body: batch, timeoutMs: 5_000 });
      if (res.status !== 200) throw new Error(`refused: ${res.status} ${await res.text()}`);
      const { accepted, duplicates } = await res.json();
      const sent = new Set(batch.map((e) => e.eventId));
      (this.#state[queue] as { eventId: string }[]) = this.#state[queue].filter((e) => !sent.has(e.eventId));
      await this.#save();
      this.#print(`uploaded ${batch.length} ${what} (${accepted} new, ${duplicates} already there)`);
    }
  }

  /**
   * An input of the door's hardware (spec 4 §1): kept on disk, then reported to the
   * server in order. An opening says whether the lock was released then (a grant, an
   * exit request or a remote unlock within RELEASE_MS, or the unlock schedule).
   */
  async doorInput(type: DoorEventType) {
    if (type === "exit.requested") this.#release();
    const at = this.#now();
    const event: DoorInputEvent = {
      eventId: crypto.randomUUID(),
      at: new Date(at).toISOString(),
      type,
      ...(type === "door.opened" ? { released: at < this.#releasedUntil || this.#doorOpen === true } : {}),
    };
    this.#state.doorEvents.push(event);
    await this.#save();
    this.#print(`${type}${event.released === undefined ? "" : event.released ? " (released)" : " (not released)"}`);
    this.#upload();
  }

  #release() {
    this.#releasedUntil = Math.max(this.#releasedUntil, this.#now() + RELEASE_MS);
  }

  /**
   * The list again when it changed, kept on disk: what changed since its version
   * (issue 33), applied and checked against the server's digest of the whole list;
   * the whole list (If-None-Match) when it has no version, when the server sends it
   * whole, or when the list a delta makes is not the server's (a corrupted list on
   * disk, a server's mistake): then without its ETag, which may name that list.
   */
  async #refreshList() {
    const followed = this.#state.list && this.#state.version ? await this.#followDelta() : "whole";
    if (followed !== "done") await this.#fetchWhole(followed === "whole");
  }

  /** Asks what changed since its version: done, or the whole list to fetch (with its ETag or not). */
  async #followDelta(): Promise<"done" | "whole" | "untagged"> {
    const since = encodeURIComponent(this.#state.version!);
    const res = await this.#call("GET", `/api/access/devices/self/access-list?since=${since}`, { timeoutMs: 5_000 });
    // A version this server does not take (a state file from elsewhere): the whole list.
    if (res.status === 400) return await res.body?.cancel(), "untagged";
    if (res.status !== 200) throw await Refused.from("access list", res);
    const answer = await res.json();
    if (!answer.delta) return await this.#keepWhole(answer, res), "done";
    return await this.#applied(answer as ListDelta, "asked for") ? "done" : "untagged";
  }

  /** Applies a delta to the list it holds, kept only when the result is the server's list (its digest). */
  async #applied(delta: ListDelta, how: "asked for" | "with list-changed"): Promise<boolean> {
    const list = applyDelta(this.#state.list!, delta);
    // The list's digest, worked out once from the list it holds, moved on by each delta.
    if (this.#digest?.list !== this.#state.list) this.#digest = { list: this.#state.list!, held: HeldDigest.of(this.#state.list!) };
    const moved = this.#digest.held.moved(list, delta);
    if (moved.digest !== delta.digest) {
      this.#print(`list delta ${delta.version} does not make the server's list: fetching it whole`);
      return false;
    }
    moved.keep();
    this.#digest.list = list;
    this.#state.list = list;
    this.#state.etag = delta.etag;
    this.#state.version = delta.version;
    await this.#save();
    this.#print(
      `list delta ${delta.version} (${how}): ${delta.users.length} changed, ${delta.removedUserIds.length} removed (${this.#describe(list)})`,
    );
    this.#followDoor();
    return true;
  }

  /** The whole list, unless it has it (If-None-Match, when `tagged`). */
  async #fetchWhole(tagged: boolean) {
    const headers: Record<string, string> = tagged && this.#state.etag ? { "if-none-match": this.#state.etag } : {};
    const res = await this.#call("GET", "/api/access/devices/self/access-list", { headers, timeoutMs: 5_000 });
    if (res.status === 304) {
      await res.body?.cancel();
      // The list it has is the server's: of this version.
      this.#state.version = res.headers.get("access-list-version") ?? this.#state.version;
      return await this.#save();
    }
    if (res.status !== 200) throw await Refused.from("access list", res);
    await this.#keepWhole(await res.json(), res);
  }

  async #keepWhole(list: AccessList, res: Response) {
    const digest = res.headers.get("access-list-digest");
    // Worked out now for the check and kept for the next delta's (each of 100,000 people
    // hashed once, not again when the first delta comes: the campus benchmark's first
    // change waited a second more for that).
    const held = HeldDigest.of(list);
    // Not this list's digest: the server's mistake, or a list damaged on the way; still
    // the best it has (a later delta's check fetches it again).
    if (digest && held.digest(list) !== digest) this.#print("the list fetched does not match its digest");
    this.#digest = { list, held };
    this.#state.list = list;
    this.#state.etag = res.headers.get("etag");
    this.#state.version = res.headers.get("access-list-version");
    await this.#save();
    this.#print(`list ${this.#state.etag} (${this.#describe(list)})`);
    this.#followDoor();
  }

  /**
   * A list-changed: the list is fetched, unless a fetch is under way, in which case
   * once more after it (however many arrive meanwhile). Not awaited by the stream,
   * which a slow or refused fetch does not drop.
   */
  #listChanged() {
    if (this.#stopped.signal.aborted) return;
    this.#listStale = true;
    this.#refreshing ??= this.#refreshWhileStale().finally(() => {
      this.#refreshing = undefined;
    });
  }

  /**
   * Fetches the list until a fetch begun after the last list-changed succeeds.
   * A fetch that failed for want of the server (no answer, 429, 5xx) is tried again
   * after a growing random wait, no sooner than its Retry-After; a list-changed
   * during that wait is answered by the same retry (all doors hear a change at once:
   * going at once would bring them back together). Any other refusal (401: its key)
   * waits for the next list-changed.
   */
  async #refreshWhileStale() {
    const backoff = new Backoff(this.options.backoff);
    while (this.#listStale && !this.#stopped.signal.aborted) {
      this.#listStale = false;
      const failed = await this.#refreshList().then(() => undefined, (error: unknown) => error);
      if (failed === undefined) {
        backoff.reset();
        continue;
      }
      if (this.#stopped.signal.aborted) return;
      if (failed instanceof Refused && !failed.worthRetrying) {
        this.#print(`list fetch failed: ${message(failed)}`);
        continue;
      }
      const delay = backoff.next(failed instanceof Refused ? failed.retryAfter : null);
      this.#print(`list fetch failed: ${message(failed)}; again in ${delay} ms`);
      this.#listStale = true;
      await sleep(delay, this.#stopped.signal);
    }
  }

  /**
   * The event stream, reconnected while the server is away; any list-changed of
   * another list brings it. Between tries a growing random wait, no sooner than a
   * refusal's Retry-After; after a stream that was connected, a short random one
   * (random(0, base)): a restarted server's doors do not all come back in one instant.
   */
  async #streamLoop() {
    const backoff = new Backoff(this.options.backoff);
    while (!this.#stopped.signal.aborted) {
      let retryAfter: string | null = null;
      try {
        const headers: Record<string, string> = { accept: "text/event-stream" };
        if (this.#state.etag) headers["last-event-id"] = this.#state.etag.replace(/-gzip"$/, '"');
        const res = await this.#call("GET", "/api/access/devices/self/stream", { headers, signal: this.#stopped.signal });
        if (res.status !== 200) throw await Refused.from("stream", res);
        backoff.reset();
        this.#print("stream connected");
        this.#upload();
        await this.#follow(res.body!);
        if (!this.#stopped.signal.aborted) this.#print("stream ended");
      } catch (error) {
        if (this.#stopped.signal.aborted) return;
        this.#print(`stream lost: ${message(error)}`);
        if (error instanceof Refused) retryAfter = error.retryAfter;
      }
      await sleep(backoff.next(retryAfter), this.#stopped.signal);
    }
  }

  /** A connected stream's events, until it ends. */
  async #follow(body: NonNullable<Response["body"]>) {
    for await (const event of serverSentEvents(body)) {
      if (event.event === "list-changed") {
        // With the delta from the version it holds (and no fetch under way, whose
        // answer may be newer): applied at once; else, or when it does not make the
        // server's list, the list is fetched.
        const { delta } = JSON.parse(event.data) as { delta?: ListDelta };
        const fromHeld = delta && !this.#refreshing && this.#state.list && delta.since === this.#state.version;
        if (!fromHeld || !await this.#applied(delta, "with list-changed")) this.#listChanged();
      }
      else if (event.event === "unlock") {
        // Decided by the list as it is after the changes heard before it (a lockdown
        // that came just before the command refuses it), as when the stream waited for
        // each fetch; the command's expiry bounds how long that may be. Stopped
        // meanwhile: left to the server, which sends it again on the next stream.
        await this.#refreshing;
        if (this.#stopped.signal.aborted) return;
        await this.#remoteUnlock(JSON.parse(event.data));
      }
    }
  }

  /**
   * A remote unlock (spec 3 §3, §4): opens unless the command expired or a lockdown holds
   * that its user's group does not override (spec 3 §2); answers either way.
   */
  async #remoteUnlock(command: { commandId: number; userId: number | null; userName: string; expiresAt: string }) {
    const list = this.#state.list;
    const lockedOut = list?.lockdown && !(command.userId !== null && list.lockdownOverrideUserIds.includes(command.userId));
    const refusal = lockedOut
      ? "Lockdown in effect"
      : Date.parse(command.expiresAt) <= this.#now()
      ? "The command expired"
      : null;
    if (!refusal) this.#release();
    this.#print(refusal ? `remote unlock for ${command.userName} refused: ${refusal}` : `door unlocked remotely for ${command.userName}`);
    const res = await this.#call("POST", `/api/access/devices/self/commands/${command.commandId}/ack`, {
      body: refusal ? { result: "failed", message: refusal } : { result: "unlocked" },
      timeoutMs: 5_000,
    }).catch((error) => error as Error);
    if (res instanceof Error) this.#print(`acknowledgement failed: ${message(res)}`);
    else await res.body?.cancel();
  }

  /** Unlocked while its unlock schedule is open (after the first person in, if so set), never in lockdown. */
  #followDoor() {
    const list = this.#state?.list;
    if (!list?.room) return;
    const now = this.#now();
    const schedule = list.schedules.find((s) => s.id === list.room!.unlockScheduleId);
    let open = !list.denyAll && !list.lockdown && schedule !== undefined && isOpen(schedule, now);
    let why = list.lockdown ? "lockdown" : open ? "unlock schedule open" : "locked";
    if (open && list.room.firstPersonIn) {
      const since = currentSince(schedule!, now)?.getTime() ?? 0;
      const first = this.#state.lastGrantAt ? Date.parse(this.#state.lastGrantAt) : -Infinity;
      open = first >= since;
      if (!open) why = "waiting for the first person in";
    }
    if (open !== this.#doorOpen) {
      this.#doorOpen = open;
      this.#print(`door ${open ? "unlocked" : "locked"}: ${why}`);
    }
  }

  #describe(list: AccessList) {
    // A list kept by a controller before visits were listed has none.
    const guests = list.visits?.length ? `, ${list.visits.length} guests` : "";
    return `${list.users.length} users${guests}, ${list.lockdown ? "lockdown" : "no lockdown"}`;
  }

  #save() {
    return this.options.store.save(this.#state);
  }

  #print(line: string) {
    this.options.print(line);
  }

  async #call(
    method: string,
    path: string,
    o: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number; signal?: AbortSignal },
  ) {
    const signals = [o.signal, o.timeoutMs ? AbortSignal.timeout(o.timeoutMs) : undefined].filter((s) => s !== undefined);
    const res = await (this.options.fetch ?? fetch)(new URL(path, this.options.url), {
      method,
      headers: {
        authorization: `Bearer ${this.options.key}`,
        ...(o.body === undefined ? {} : { "content-type": "application/json" }),
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
    // Refused from a 401 until another answer: 429 and 5xx say nothing of the key (a
    // busy server, its database away). Kept on disk, so that a restart still grants nobody alone.
    const refused = res.status === 401 || (this.#state.keyRefused && cannotAnswerNow(res.status));
    if (refused !== this.#state.keyRefused) {
      this.#state.keyRefused = refused;
      this.#print(refused ? "device key refused: rotated, revoked or the device deleted" : "device key accepted");
      await this.#save();
    }
    return res;
  }
}

/** The events of a text/event-stream body (comments skipped). */
async function* serverSentEvents(body: NonNullable<Response["body"]>) {
  let buffer = "";
  for await (const chunk of body.pipeThrough(new TextDecoderStream())) {
    buffer += chunk.replaceAll("\r\n", "\n");
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const fields: Record<string, string> = {};
      for (const line of buffer.slice(0, end).split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
      }
      buffer = buffer.slice(end + 2);
      if (fields.event) yield { event: fields.event, id: fields.id, data: fields.data };
    }
  }
}

/** A refusal by the server: its status, and whether and when it is worth asking again. */
class Refused extends Error {
  constructor(what: string, readonly status: number, body: string, readonly retryAfter: string | null) {
    super(`${what}: ${status} ${body}`);
  }

  static async from(what: string, res: Response) {
    return new Refused(what, res.status, await res.text(), res.headers.get("retry-after"));
  }

  get worthRetrying() {
    return cannotAnswerNow(this.status);
  }
}

/** Too many requests, or the server's own trouble (503 when busy or its database away): not an answer about this door. */
const cannotAnswerNow = (status: number) => status === 429 || status >= 500;

/** A denial not by the list's rules: no list, its key refused, a request the server refused. */
const denied = (message: string): AloneDecision => ({ decision: "denied", reason: null, message, userId: null, userName: null });

/** The server's error message ({ error }), else its status. */
async function errorOf(res: Response) {
  const body = await res.json().catch(() => null);
  return typeof body?.error === "string" ? body.error as string : `answered ${res.status}`;
}

const message = (error: unknown) => error instanceof Error ? error.message : String(error);

/** Waits ms, or less if the signal aborts; leaves no listener on the signal (a door waits many times). */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
