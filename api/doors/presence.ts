// Whether each keyed device is connected (spec 4 §1), shared by every API process
// through PostgreSQL (migration 024): online while its stream is open on any process
// or it called the API within the last minute, offline once silent longer, never
// before its first call. A call records its device's contact, at most once every
// TOUCH_EVERY_MS per device and process (the throttle only spares writes: the row
// decides); a process vouches for the streams open on it until VOUCH_MS ahead,
// renewed every RENEW_MS, and says when one closed. A device found offline (watch.ts)
// and heard again is online again: its device.offline alarm resolves itself.
import type { Queries, Sql } from "../db/connect.ts";
import { background } from "../db/guard.ts";
import type { Logger } from "../http/logger.ts";
import { isUnavailable } from "../db/unavailable.ts";
import { type AlarmDevice, clearAlarm } from "../alarms/raise.ts";
import { doorsChanged } from "./changed.ts";

/** Within a minute of its last contact a device is online (spec 4 §1). */
const ONLINE_WITHIN_MS = 60_000;
const TOUCH_EVERY_MS = 10_000;
/** Lists sent with list-changed are recorded at most this often (deltasSent). */
const RECORD_SENT_MS = 1_000;
/** A process renews its streams' presence this often, each time for VOUCH_MS. */
export const RENEW_MS = 20_000;
const VOUCH_MS = 45_000;

/**
 * Whether the device whose device_presence row is `p` is online now: its stream open
 * on some process, or a call within the last minute. The board and the watch that
 * announces a door falling silent (watch.ts) say the same.
 */
export const onlineNow = (sql: Queries) =>
  sql`(coalesce(p.stream_until > now(), false) or p.last_seen_at > now() - make_interval(secs => ${ONLINE_WITHIN_MS / 1000}))`;

type Contact = AlarmDevice & {
  /** Found silent for DEVICE_OFFLINE_SECONDS: its offline alarm is raised. */
  wasOffline: boolean;
  /** Shown offline on the board (silent a minute, watch.ts). */
  wasShownOffline: boolean;
  /** Its first contact ever. */
  first: boolean;
  at: Date;
};

/**
 * Records contact now for the devices `ids` selects (stream: vouched for until VOUCH_MS
 * ahead) and says which of them had been found offline.
 */
function recordContact(sql: Queries, ids: (sql: Queries) => ReturnType<Queries>, stream: boolean) {
  return sql<Contact[]>`
    with device as (${ids(sql)}),
    -- As it was before this statement (every part of it reads the same snapshot; no
    -- lock: a row this statement updates would then be skipped). Two contacts at once
    -- may both see it offline: clearing its alarm twice changes nothing the second time.
    before as (
      select p.device_id, p.offline_since, p.shown_offline_at from device_presence p
      where p.device_id in (select id from device)
    ),
    recorded as (
      insert into device_presence (device_id, last_seen_at, stream_until)
      select id, now(), ${stream ? sql`now() + make_interval(secs => ${VOUCH_MS / 1000})` : sql`null`} from device
      on conflict (device_id) do update set last_seen_at = excluded.last_seen_at, offline_since = null, shown_offline_at = null
        ${stream ? sql`, stream_until = excluded.stream_until` : sql``}
      returning device_id
    )
    select r.device_id, b.offline_since is not null as was_offline, b.shown_offline_at is not null as was_shown_offline,
           b.device_id is null as first, now() as at,
           d.name, d.is_active, d.room_id, rm.name as room_name
    from recorded r left join before b on b.device_id = r.device_id
    join devices d on d.id = r.device_id left join rooms rm on rm.id = d.room_id`;
}

export class Presence {
  /** When this process last recorded each device's contact, by its key's hash. */
  readonly #touched = new Map<string, number>();
  /** Lists sent with list-changed not yet recorded (deltasSent), by device: from the base of the first to the last. */
  readonly #sent = new Map<number, { from: string; tag: string }>();
  #recording: ReturnType<typeof setTimeout> | undefined;
  #recordedAt = -Infinity;
  /** Bookkeeping, never in the way of a decision or a lockdown: background work (db/guard.ts). */
  readonly #catchUp: Queries;

  constructor(private readonly sql: Queries, private readonly log: Logger) {
    this.#catchUp = background(sql as Sql);
  }

  /** A call from the device with this key. Never throws, never waited for: a call's answer does not wait on it. */
  touchByKey(keyHash: string) {
    const now = performance.now();
    const last = this.#touched.get(keyHash);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    this.#touched.set(keyHash, now);
    this.#heardAgain(recordContact(this.#catchUp, (sql) => sql`select id from devices where api_key_hash = ${keyHash}`, false))
      .catch((error) => this.#failed("a device's contact", error));
  }

  /** Streams of these devices are open on this process (when opened, and each RENEW_MS). */
  async streamsOpen(deviceIds: number[]) {
    if (!deviceIds.length) return;
    await this.#heardAgain(recordContact(this.#catchUp, (sql) => sql`select unnest(${deviceIds}::int[]) as id`, true));
  }

  /** The device's stream on this process closed: its last contact is now. */
  async streamClosed(deviceId: number) {
    await this.#catchUp`update device_presence set stream_until = now(), last_seen_at = now() where device_id = ${deviceId}`;
  }

  /** The device fetched its access list and holds the one tagged so (a 200 or a 304). Never throws. */
  listFetched(deviceId: number, tag: string) {
    (async () => {
      const [row] = await this.#catchUp<{ changed: boolean }[]>`
        with before as (select list_etag from device_presence where device_id = ${deviceId})
        insert into device_presence (device_id, last_seen_at, list_etag, list_fetched_at)
        values (${deviceId}, now(), ${tag}, now())
        on conflict (device_id) do update set list_etag = excluded.list_etag, list_fetched_at = excluded.list_fetched_at
        returning (select list_etag from before) is distinct from ${tag} as changed`;
      if (row?.changed) await doorsChanged(this.#catchUp, [deviceId]);
    })().catch((error) => this.#failed("a list fetch", error));
  }

  /**
   * These devices' streams were sent, with list-changed, the delta from the list each
   * last fetched (or was sent so): each holds the list tagged `tag` from now on (issue
   * 33: a door that takes its delta from the stream fetches nothing to say so). Only
   * where the list it holds is the delta's base; a door that cannot apply it asks, and
   * that fetch records what it holds. Recorded at once, then at most once every
   * RECORD_SENT_MS, a door's deltas meanwhile as one (from the first's base to the last's
   * list): a bulk change sends every door a delta several times a second, and writing
   * 2,000 doors' rows and board events each time kept the database from the decisions
   * (issue 33, bench/list_scale.ts). Never throws.
   */
  deltasSent(sent: { deviceId: number; from: string; tag: string }[]) {
    for (const { deviceId, from, tag } of sent) {
      const was = this.#sent.get(deviceId);
      this.#sent.set(deviceId, { from: was?.tag === from ? was.from : from, tag });
    }
    if (!this.#sent.size || this.#recording) return;
    this.#recording = setTimeout(() => void this.#recordSent(), Math.max(0, this.#recordedAt + RECORD_SENT_MS - performance.now()));
    Deno.unrefTimer(this.#recording);
  }

  async #recordSent() {
    const sent = [...this.#sent].map(([deviceId, s]) => ({ deviceId, ...s }));
    this.#sent.clear();
    this.#recordedAt = performance.now();
    try {
      const moved = await this.#catchUp<{ deviceId: number }[]>`
        update device_presence p set list_etag = x.tag, list_fetched_at = now()
        from unnest(${sent.map((s) => s.deviceId)}::int[], ${sent.map((s) => s.from)}::text[], ${sent.map((s) => s.tag)}::text[])
          as x(device_id, from_tag, tag)
        where p.device_id = x.device_id and p.list_etag = x.from_tag
        returning p.device_id`;
      await doorsChanged(this.#catchUp, moved.map((row) => row.deviceId));
    } catch (error) {
      this.#failed("lists sent with list-changed", error);
    } finally {
      this.#recording = undefined;
      // Sent while this was written: their turn comes RECORD_SENT_MS after this one's.
      if (this.#sent.size) this.deltasSent([]);
    }
  }

  /**
   * Bookkeeping shed when the database is busy (background work, db/guard.ts) is no
   * news: the device's next contact records it. Anything else is.
   */
  #failed(what: string, error: unknown) {
    (isUnavailable(error) ? this.log.debug : this.log.warn)(`presence: could not record ${what}`, { error: String(error) });
  }

  /** Devices heard for the first time or again: their board entries move, and offline alarms clear (and so resolve). */
  async #heardAgain(contacts: Promise<Contact[]>) {
    const heard = await contacts;
    // Never connected or offline until now: its board entry says online from now on.
    await doorsChanged(this.#catchUp, heard.filter((c) => c.wasOffline || c.wasShownOffline || c.first).map((c) => c.deviceId));
    for (const c of heard) {
      if (!c.wasOffline) continue;
      await clearAlarm(this.sql, c.deviceId, { clear: "device.offline", at: c.at.getTime() });
    }
  }
}
