// Demo mode's door traffic: people badge in at the demo doors a few times a
// minute, mostly let in, sometimes not (a badge for another room, a switched-off
// badge, a card nobody knows). Everything goes through the real device calls in
// process (app.request) with device keys the simulator makes for doors that have
// none, kept only in memory; so the logs pages, the devices' last access and the
// access lists all show believable, live activity. Started by main.ts in demo
// mode only; a test starts it itself when it wants it.
import type { Queries } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { claimSimulatorKey } from "./device_keys.ts";
import type { AccessList } from "./access_list.ts";
import type { Decision } from "./decisions.ts";

type Request = (path: string, init: RequestInit) => Response | Promise<Response>;

export type DoorSimulatorOptions = {
  /** The app's own request function (app.request). */
  request: Request;
  sql: Queries;
  log: Logger;
  /** [0, 1) numbers; Math.random unless a test fixes them. */
  random?: () => number;
  /** Mean time between two people at a door. */
  meanIntervalMs?: number;
  /** The first event waits this long (the server settles first). */
  startDelayMs?: number;
  /** How often to look for new doors (and doors taken out of their rooms). */
  rescanMs?: number;
  /** false: no timer; the caller calls tick() (tests). */
  autoStart?: boolean;
};

type Door = { id: number; type: string; key: string; etag?: string; list?: AccessList };
type Badge = { type: string; facilityCode: string | null; cardCode: string };

const ACCESS_TYPES = ["reader", "lock", "lastlock"];
const ACTIONS: Record<string, string[]> = {
  reader: ["Badge Scan"],
  lock: ["Unlock"],
  lastlock: ["Unlock", "Door Open"],
};
/** Shares of presented credentials: someone allowed at this door, anyone's badge, a stray card. */
const ALLOWED_SHARE = 0.82;
const ANY_BADGE_SHARE = 0.13;
/** How often someone at a door that opens for nobody goes to another door instead. */
const QUIET_DOOR_SKIP = 0.85;

export function startDoorSimulator(options: DoorSimulatorOptions) {
  const { request, sql, log } = options;
  const random = options.random ?? Math.random;
  const mean = options.meanIntervalMs ?? 15_000;
  const rescanMs = options.rescanMs ?? 5 * 60_000;
  const doors = new Map<number, Door>();
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  let scannedAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const call = async (door: Door, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${door.key}`);
    if (init.body) headers.set("content-type", "application/json");
    const res = await request(path, { ...init, headers });
    if (res.status === 401) {
      // The key was rotated or revoked by an admin, or the device deleted: let it be.
      doors.delete(door.id);
      await res.body?.cancel();
      return undefined;
    }
    return res;
  };

  /** Doors in rooms that have no key, or one of ours; keys made for the new ones. */
  async function scan() {
    scannedAt = performance.now();
    const found = await sql<{ id: number; type: string }[]>`
      select id, type from devices
      where type in ${sql(ACCESS_TYPES)} and room_id is not null
        and (api_key_hash is null or api_key_simulated)
      order by id`;
    const ids = new Set(found.map((d) => d.id));
    for (const id of doors.keys()) if (!ids.has(id)) doors.delete(id);
    for (const device of found) {
      if (doors.has(device.id)) continue;
      const key = await claimSimulatorKey(sql, device.id);
      if (key) doors.set(device.id, { id: device.id, type: device.type, key });
    }
  }

  /** The door's access list, revalidated with its ETag (mostly a 304). */
  async function sync(door: Door) {
    const res = await call(door, "/api/access/devices/self/access-list", {
      headers: door.etag ? { "if-none-match": door.etag } : {},
    });
    if (!res) return;
    if (res.status === 304) return;
    if (!res.ok) throw new Error(`access list: ${res.status}`);
    door.list = await res.json();
    door.etag = res.headers.get("etag") ?? undefined;
  }

  async function anyBadge(): Promise<Badge | undefined> {
    const [badge] = await sql<Badge[]>`
      select type, facility_code, card_code from user_credentials order by id
      offset floor(${random()}::float8 * (select count(*) from user_credentials))::bigint limit 1`;
    return badge;
  }

  async function credentialFor(door: Door): Promise<unknown> {
    const roll = random();
    const allowed = door.list?.credentials ?? [];
    if (roll < ALLOWED_SHARE && allowed.length) {
      const { type, facilityCode, cardCode } = pick(allowed);
      return { type, facilityCode, cardCode };
    }
    if (roll < ALLOWED_SHARE + ANY_BADGE_SHARE) {
      const badge = await anyBadge();
      if (badge) return badge;
    }
    // A card nobody issued here: an old badge, a hotel key card.
    return {
      type: "HID Prox",
      facilityCode: "117",
      cardCode: String(70_000 + Math.floor(random() * 9_000)),
    };
  }

  /** One person at one door. Answers the decision, or undefined when no door could be used. */
  async function tick(): Promise<Decision | undefined> {
    if (performance.now() - scannedAt >= rescanMs) await scan();
    if (!doors.size) return undefined;
    let door = pick([...doors.values()]);
    await sync(door);
    // Few people try a door that lets nobody in (switched off, or its room closed).
    const open = [...doors.values()].filter((d) => d.list && !d.list.denyAll);
    if (door.list?.denyAll && open.length && random() < QUIET_DOOR_SKIP) {
      door = pick(open);
      await sync(door);
    }
    if (!doors.has(door.id)) return undefined;
    const credential = await credentialFor(door);
    const action = pick(ACTIONS[door.type] ?? ["Unlock"]);
    const res = await call(door, "/api/access/decisions", {
      method: "POST",
      body: JSON.stringify({ credential, action }),
    });
    if (!res) return undefined;
    if (!res.ok) throw new Error(`decision: ${res.status} ${await res.text()}`);
    return await res.json();
  }

  /** Exponential gaps between arrivals around the mean, within reason. */
  const gap = () => Math.min(4 * mean, Math.max(mean / 5, -Math.log(1 - random()) * mean));

  function schedule(ms: number) {
    if (stopped) return;
    const handle = setTimeout(async () => {
      running = tick().catch((error) =>
        log.warn("door simulator: event failed", { error: String(error) })
      );
      await running;
      running = undefined;
      schedule(gap());
    }, ms);
    Deno.unrefTimer(handle);
    timer = handle;
  }
  if (options.autoStart !== false) schedule(options.startDelayMs ?? 10_000);

  return {
    tick,
    /** The doors the simulator holds keys for (tests). */
    doorIds: () => [...doors.keys()],
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type DoorSimulator = ReturnType<typeof startDoorSimulator>;
