// Demo mode's door traffic: people badge in at the demo doors a few times a
// minute and open the door when let in (shut a few seconds later; the first after a
// start, and now and then another, held open past its held-open alarm), mostly let
// in, sometimes not (a badge for another room, a switched-off
// badge, a card nobody knows). Each demo door is a reference door controller
// (door/controller.ts, the code `npm run door` runs) in this process: it keeps its
// access list current from its event stream, asks the server for each badge,
// decides alone when the server does not answer in time and hands those decisions
// over later, follows its unlock schedule and lockdowns, and answers remote
// unlocks. It reaches the server through app.request, with a device key the
// simulator makes for doors that have none, kept only in memory (as is each
// door's state); so the logs pages, the devices' last access and the access lists
// all show believable, live activity. Started by main.ts in demo mode only; a test
// starts it itself when it wants it.
import type { Queries } from "../db/connect.ts";
import type { Logger } from "../http/logger.ts";
import { DoorController } from "../../door/controller.ts";
import { memoryStore } from "../../door/state_file.ts";
import { claimSimulatorKey } from "./device_keys.ts";
import type { CredentialInput } from "./schemas.ts";

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

type Door = { id: number; type: string; controller: DoorController };
type Card = Extract<CredentialInput, { cardCode: string }>;
type Decided = { decision: "granted" | "denied"; reason: string | null; message: string };

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
/** Someone let in opens the door and shuts it this long after (spec 4 §1, the Doors board). */
export const DOOR_OPEN_MS = { min: 2_000, max: 8_000 };
/** Now and then a door is held open past its held-open time (60 s by default): an alarm. */
const HELD_OPEN_SHARE = 0.03;
const HELD_OPEN_MS = 75_000;

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
  /** Doors standing open, to be shut (cleared at a stop). */
  const closing = new Set<ReturnType<typeof setTimeout>>();
  /** The first door opened after a start is held open: a fresh demo shows an alarm. */
  let heldYet = false;
  /** Doors held open now (until their hold ends). */
  const propped = new Set<number>();

  const fetch = inProcessFetch(request);

  /** Doors in rooms that have no key, or one of ours; keys and controllers made for the new ones. */
  async function scan() {
    scannedAt = performance.now();
    const found = await sql<{ id: number; type: string }[]>`
      select id, type from devices
      where type in ${sql(ACCESS_TYPES)} and room_id is not null
        and (api_key_hash is null or api_key_simulated)
      order by id`;
    const ids = new Set(found.map((d) => d.id));
    for (const id of doors.keys()) if (!ids.has(id)) await drop(id);
    for (const device of found) {
      if (doors.has(device.id) || stopped) continue;
      const key = await claimSimulatorKey(sql, device.id);
      if (!key) continue;
      const controller = new DoorController({
        url: "http://demo.local",
        key,
        store: memoryStore(),
        fetch,
        print: (line) => log.debug("demo door", { deviceId: device.id, line }),
      });
      doors.set(device.id, { id: device.id, type: device.type, controller });
      await controller.start();
    }
  }

  /** A door whose key an admin rotated or revoked, or that left its room: left to its new controller. */
  async function drop(id: number) {
    const door = doors.get(id);
    doors.delete(id);
    await door?.controller.stop();
  }

  async function anyBadge(): Promise<Card | undefined> {
    const [badge] = await sql<Card[]>`
      select type, facility_code, card_code from user_credentials order by id
      offset floor(${random()}::float8 * (select count(*) from user_credentials))::bigint limit 1`;
    return badge;
  }

  async function credentialFor(door: Door): Promise<CredentialInput> {
    const roll = random();
    const allowed = door.controller.list?.credentials ?? [];
    if (roll < ALLOWED_SHARE && allowed.length) {
      const { type, facilityCode, cardCode } = pick(allowed);
      return { type, facilityCode, cardCode } as Card;
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

  /** One person at one door: its controller's decision, or undefined when no door could be used. */
  async function tick(): Promise<Decided | undefined> {
    if (performance.now() - scannedAt >= rescanMs) await scan();
    if (!doors.size) return undefined;
    let door = pick([...doors.values()]);
    // Few people try a door that lets nobody in (switched off, or its room closed).
    const open = [...doors.values()].filter((d) => d.controller.list && !d.controller.list.denyAll);
    if (door.controller.list?.denyAll && open.length && random() < QUIET_DOOR_SKIP) door = pick(open);
    const credential = await credentialFor(door);
    const decided = await door.controller.badge(credential, pick(ACTIONS[door.type] ?? ["Unlock"]));
    if (door.controller.keyRefused) {
      await drop(door.id);
      return undefined;
    }
    if (decided.decision === "granted") await walkThrough(door);
    return decided;
  }

  /** The person let in opens the door and shuts it behind them, or now and then leaves it open. */
  async function walkThrough(door: Door) {
    await door.controller.doorInput("door.opened");
    // Someone else through a door propped open leaves it propped: shutting it behind
    // them would end the hold before its alarm (a busy demo door sees several a minute).
    if (propped.has(door.id)) return;
    const held = !heldYet || random() < HELD_OPEN_SHARE;
    heldYet = true;
    if (held) propped.add(door.id);
    const ms = held ? HELD_OPEN_MS : DOOR_OPEN_MS.min + random() * (DOOR_OPEN_MS.max - DOOR_OPEN_MS.min);
    const shut = setTimeout(() => {
      closing.delete(shut);
      // Propped open by someone since: it stays open until that hold ends.
      if (!held && propped.has(door.id)) return;
      propped.delete(door.id);
      if (doors.get(door.id) === door) {
        door.controller.doorInput("door.closed").catch((error) => log.warn("door simulator: close failed", { error: String(error) }));
      }
    }, ms);
    Deno.unrefTimer(shut);
    closing.add(shut);
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
    /** Every door's decisions made alone handed over (tests). */
    flush: () => Promise.all([...doors.values()].map((d) => d.controller.flush())),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      for (const shut of closing) clearTimeout(shut);
      await running;
      await Promise.all([...doors.keys()].map(drop));
    },
  };
}

/**
 * app.request as a controller's fetch, honouring its signal as fetch does: a call
 * given up on (the 300 ms a badge waits, a stop) rejects, and a body being read,
 * such as the event stream's, ends with an error and is cancelled at the server.
 */
function inProcessFetch(request: Request): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal ?? undefined;
      const giveUp = () => reject(signal?.reason);
      if (signal?.aborted) return giveUp();
      signal?.addEventListener("abort", giveUp, { once: true });
      Promise.resolve(request(String(input), init ?? {})).then((res) => {
        signal?.removeEventListener("abort", giveUp);
        if (signal?.aborted) return void res.body?.cancel();
        resolve(
          res.body && signal
            ? new Response(res.body.pipeThrough(new TransformStream(), { signal }), res)
            : res,
        );
      }, reject);
    });
}

export type DoorSimulator = ReturnType<typeof startDoorSimulator>;
