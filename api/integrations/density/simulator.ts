// A Density occupancy service that runs offline: the subset of the v3 API the
// client uses, with believable deterministic data. Each space has sessions on
// office days (08:00-19:00 local time of the server, busiest late morning and
// afternoon, a few on Saturdays, none on Sundays) with 1-3 people; the same day
// always yields the same sessions, so every answer is a function of the clock.
// Tests make it fail on purpose with fail(): an error, a hang, a malformed or
// wrongly shaped answer, or a refusal.
import { Hono } from "hono";
import { inProcessFetch, untilAborted } from "../in_process.ts";

export const DENSITY_DEMO_TOKEN = "density-demo-token";
export const DENSITY_DEMO_CLIENT = { id: "density-demo-client", secret: "density-demo-secret" };

type SpaceInfo = {
  id: string;
  name: string;
  function: string | null;
  space_type: "space" | "floor" | "building";
  capacity: number;
  parent_id: string | null;
  /** 0: no sensor of its own; 1: a busy lobby. */
  busyness: number;
};

export const SIMULATED_SPACES: readonly SpaceInfo[] = [
  {
    id: "spc_hq",
    name: "Threshold HQ",
    function: null,
    space_type: "building",
    capacity: 120,
    parent_id: null,
    busyness: 0,
  },
  {
    id: "spc_floor_1",
    name: "Ground Floor",
    function: null,
    space_type: "floor",
    capacity: 60,
    parent_id: "spc_hq",
    busyness: 0,
  },
  {
    id: "spc_main_lobby",
    name: "Main Lobby",
    function: "reception",
    space_type: "space",
    capacity: 15,
    parent_id: "spc_floor_1",
    busyness: 1,
  },
  {
    id: "spc_conference_a",
    name: "Conference Room A",
    function: "meeting_room",
    space_type: "space",
    capacity: 8,
    parent_id: "spc_floor_1",
    busyness: 0.7,
  },
  {
    id: "spc_focus_room",
    name: "Focus Room",
    function: "focus_quiet",
    space_type: "space",
    capacity: 2,
    parent_id: "spc_floor_1",
    busyness: 0.45,
  },
];

export type DensityFault =
  | "error" // 500 with an error body
  | "hang" // never answers (until the caller gives up)
  | "malformed" // 200 with a body that is not JSON
  | "wrong-shape" // 200 with JSON of another shape
  | "unauthorized"; // 401 as if the token had been revoked

type SimSession = { start: number; end: number; type: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** FNV-1a: a stable 32-bit seed from text. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const localDay = (t: number) => {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
};
const dayKey = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${
    String(day.getDate()).padStart(2, "0")
  }`;
const atHour = (day: Date, hour: number, minute = 0) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute).getTime();

/** One local day of a space's sessions; what happens later than `now` is not known yet. */
function daySessions(space: SpaceInfo, day: Date): SimSession[] {
  if (space.busyness === 0) return [];
  const weekday = day.getDay();
  if (weekday === 0) return [];
  const rnd = random(seedOf(`${space.id}|${dayKey(day)}`));
  const saturday = weekday === 6;
  const sessions: SimSession[] = [];
  let t = atHour(day, saturday ? 10 : 8, Math.floor(rnd() * 40));
  const close = atHour(day, saturday ? 13 : 19);
  while (t < close) {
    const hour = new Date(t).getHours();
    const peak = (hour >= 10 && hour < 12) || (hour >= 13 && hour < 16);
    const roll = rnd();
    const people = roll < (peak ? 0.35 : 0.6) ? 1 : roll < (peak ? 0.7 : 0.88) ? 2 : 3;
    const short = rnd() < 0.06; // a passer-by: under a minute, dropped by the app
    const minutes = short ? 0.5 : 4 + rnd() * (peak ? 70 : 40) * space.busyness;
    const type = rnd() < 0.04 ? "0" : String(people);
    const end = Math.min(t + minutes * MINUTE, close + 30 * MINUTE);
    sessions.push({ start: t, end: Math.round(end / 1000) * 1000, type });
    // Often the next group follows within a minute (the app merges those).
    const quick = rnd() < 0.18;
    const gap = quick
      ? (15 + rnd() * 40) * 1000
      : (3 + rnd() * (peak ? 25 : 55) / space.busyness) * MINUTE * (saturday ? 3 : 1);
    t = Math.round((end + gap) / 1000) * 1000;
  }
  return sessions;
}

export type DensitySimulatorOptions = {
  /** The simulator's clock (default: the real one). */
  now?: () => number;
  /** Lifetime of OAuth tokens it issues, in seconds. */
  tokenSeconds?: number;
};

export function createDensitySimulator(options: DensitySimulatorOptions = {}) {
  const now = options.now ?? Date.now;
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const issued = new Map<string, number>(); // token → expiry
  const faults: { fault: DensityFault; times: number; path?: string }[] = [];
  const stats = { tokenExchanges: 0, requests: 0 };
  const cache = new Map<string, SimSession[]>();

  const spaceById = new Map(SIMULATED_SPACES.map((s) => [s.id, s]));

  function sessionsOfDay(space: SpaceInfo, day: Date) {
    const key = `${space.id}|${dayKey(day)}`;
    let sessions = cache.get(key);
    if (!sessions) {
      sessions = daySessions(space, day);
      if (cache.size > 5_000) cache.clear();
      cache.set(key, sessions);
    }
    return sessions;
  }

  /** Sessions overlapping [from, to], as known at `at` (later ones not yet, an open one still open). */
  function sessionsBetween(space: SpaceInfo, from: number, to: number, at: number) {
    const result: SimSession[] = [];
    const last = Math.min(to, at);
    for (let day = localDay(from - 24 * HOUR); day.getTime() <= last; day = nextDay(day)) {
      for (const s of sessionsOfDay(space, day)) {
        if (s.start > last || s.end < from || s.start > at) continue;
        result.push(s.end > at ? { ...s, end: Number.NaN } : s);
      }
    }
    return result;
  }

  const nextDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);

  /** People counted at instant t (a group of 3+ sometimes reads 4). */
  function countAt(space: SpaceInfo, t: number) {
    const open = sessionsBetween(space, t, t, t).filter((s) => s.type !== "0");
    if (!open.length) return 0;
    const people = Math.max(...open.map((s) => Number(s.type)));
    return people === 3 ? 3 + (seedOf(`${space.id}|${Math.floor(t / 600_000)}`) % 2) : people;
  }

  function usedMs(space: SpaceInfo, from: number, to: number, at: number) {
    let used = 0;
    for (const s of sessionsBetween(space, from, to, at)) {
      if (s.type === "0") continue;
      const end = Number.isNaN(s.end) ? at : s.end;
      used += Math.max(0, Math.min(end, to, at) - Math.max(s.start, from));
    }
    return used;
  }

  const app = new Hono();

  // --- faults and authentication -------------------------------------------------

  app.use("*", async (c, next) => {
    stats.requests++;
    const index = faults.findIndex((f) => !f.path || c.req.path.startsWith(f.path));
    if (index < 0) return await next();
    const fault = faults[index];
    if (--fault.times <= 0) faults.splice(index, 1);
    switch (fault.fault) {
      case "error":
        return c.json({ error: "internal_error", message: "Simulated Density outage" }, 500);
      case "unauthorized":
        return c.json({ error: "unauthorized", message: "Token revoked" }, 401);
      case "malformed":
        return c.body('{"spc_main_lobby": {"count": 3, "timest', 200, {
          "content-type": "application/json",
        });
      case "wrong-shape":
        return c.json({ results: "nothing you expect" });
      case "hang":
        await untilAborted(c.req.raw.signal);
        return c.body(null, 504);
    }
  });

  app.post("/v3/oauth/token", async (c) => {
    let body: Record<string, unknown> = {};
    try {
      const type = c.req.header("content-type") ?? "";
      body = type.includes("application/x-www-form-urlencoded")
        ? Object.fromEntries(new URLSearchParams(await c.req.text()))
        : await c.req.json();
    } catch {
      return c.json({ error: "invalid_request", error_description: "Unreadable body" }, 400);
    }
    if (
      body.client_id !== DENSITY_DEMO_CLIENT.id || body.client_secret !== DENSITY_DEMO_CLIENT.secret
    ) {
      return c.json({ error: "invalid_client", error_description: "Unknown client" }, 401);
    }
    stats.tokenExchanges++;
    const token = `eyJsim.${crypto.randomUUID()}`;
    issued.set(token, now() + tokenSeconds * 1000);
    return c.json({ access_token: token, token_type: "Bearer", expires_in: tokenSeconds });
  });

  app.use("/v3/*", async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7) : "";
    const expiry = issued.get(token);
    const valid = token === DENSITY_DEMO_TOKEN || (expiry !== undefined && expiry > now());
    if (!valid) {
      return c.json(
        { error: "unauthorized", message: "Unable to authorize the bearer token" },
        401,
      );
    }
    await next();
  });

  // --- resources -----------------------------------------------------------------

  app.get("/v3/spaces", (c) =>
    c.json(SIMULATED_SPACES.map(({ busyness: _, ...space }) => ({
      ...space,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }))));

  type Query = { spaces: SpaceInfo[]; from: number; to: number; resolution: string };

  /** Reads { space_ids, start_date?, end_date?, time_resolution? }; a Response on bad input. */
  async function readQuery(
    c: { req: { json: () => Promise<unknown> } },
    dated: boolean,
  ): Promise<
    { problem: readonly [400 | 404, string]; query?: never } | { problem?: never; query: Query }
  > {
    let body: Record<string, unknown>;
    try {
      body = (await c.req.json()) as Record<string, unknown>;
    } catch {
      return { problem: [400, "request data was missing or invalid"] as const };
    }
    const ids = body?.space_ids;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string")) {
      return { problem: [400, "space_ids must be a list of space ids"] as const };
    }
    const spaces: SpaceInfo[] = [];
    for (const id of ids as string[]) {
      const space = spaceById.get(id);
      if (!space) return { problem: [404, `space ${id} not found`] as const };
      spaces.push(space);
    }
    const from = Date.parse(String(body.start_date));
    const to = Date.parse(String(body.end_date));
    if (dated && (Number.isNaN(from) || Number.isNaN(to) || to < from)) {
      return {
        problem: [400, "start_date and end_date must be ISO 8601 times, in order"] as const,
      };
    }
    const resolution = String(body.time_resolution ?? "total");
    return { query: { spaces, from, to, resolution } };
  }

  app.post("/v3/analytics/occupancy/current", async (c) => {
    const read = await readQuery(c, false);
    if (read.problem) return c.json({ message: read.problem[1] }, read.problem[0]);
    const at = now();
    return c.json(Object.fromEntries(read.query.spaces.map((s) => [s.id, {
      count: countAt(s, at),
      timestamp: new Date(at).toISOString(),
    }])));
  });

  app.post("/v3/analytics/time-used", async (c) => {
    const read = await readQuery(c, true);
    if (read.problem) return c.json({ message: read.problem[1] }, read.problem[0]);
    const { spaces, from, to } = read.query;
    const at = now();
    return c.json(Object.fromEntries(spaces.map((s) => {
      const used = usedMs(s, from, to, at);
      const span = Math.min(to, at) - from;
      return [s.id, {
        time_used_raw: used,
        time_used_percentage: span > 0 ? Math.round((used / span) * 10_000) / 10_000 : 0,
      }];
    })));
  });

  const STEPS: Record<string, number> = { "10minute": 10 * MINUTE, hour: HOUR, day: 24 * HOUR };

  app.post("/v3/analytics/occupancy", async (c) => {
    const read = await readQuery(c, true);
    if (read.problem) return c.json({ message: read.problem[1] }, read.problem[0]);
    const { spaces, from, to, resolution } = read.query;
    const step = STEPS[resolution];
    if (!step) return c.json({ message: `time_resolution ${resolution} is not supported` }, 400);
    if ((to - from) / step > 5_000) return c.json({ message: "too many buckets" }, 400);
    const at = now();
    const result: Record<string, Record<string, unknown>> = {};
    for (const space of spaces) {
      const buckets: Record<string, unknown> = {};
      const first = resolution === "day"
        ? localDay(from).getTime()
        : Math.floor(from / step) * step;
      for (let b = first; b < Math.min(to, at); b = nextBucket(b, resolution, step)) {
        const end = Math.min(nextBucket(b, resolution, step), at);
        let weighted = 0;
        let max = 0;
        for (const s of sessionsBetween(space, b, end, at)) {
          if (s.type === "0") continue;
          const sEnd = Number.isNaN(s.end) ? at : s.end;
          const overlap = Math.max(0, Math.min(sEnd, end) - Math.max(s.start, b));
          weighted += overlap * Number(s.type);
          if (overlap > 0) max = Math.max(max, Number(s.type));
        }
        buckets[new Date(b).toISOString()] = {
          occupancy_avg: end > b ? Math.round((weighted / (end - b)) * 100) / 100 : 0,
          occupancy_max: max,
        };
      }
      result[space.id] = buckets;
    }
    return c.json(result);
  });

  const nextBucket = (b: number, resolution: string, step: number) =>
    resolution === "day" ? nextDay(new Date(b)).getTime() : b + step;

  app.post("/v3/analytics/sessions", async (c) => {
    const read = await readQuery(c, true);
    if (read.problem) return c.json({ message: read.problem[1] }, read.problem[0]);
    const { spaces, from, to } = read.query;
    if (to - from > 400 * 24 * HOUR) return c.json({ message: "date range too long" }, 400);
    const at = now();
    return c.json(Object.fromEntries(spaces.map((space) => [
      space.id,
      sessionsBetween(space, from, to, at).map((s) => ({
        start_time: new Date(s.start).toISOString(),
        end_time: Number.isNaN(s.end) ? null : new Date(s.end).toISOString(),
        session_type: s.type,
      })),
    ])));
  });

  app.notFound((c) => c.json({ message: "resource not found" }, 404));

  return {
    app,
    /** An in-process fetch for the client: the simulator answers without a socket. */
    fetch: inProcessFetch(app),
    /** Makes the next `times` requests (optionally only under `path`) fail this way. */
    fail(fault: DensityFault, opts: { times?: number; path?: string } = {}) {
      faults.push({ fault, times: opts.times ?? 1, path: opts.path });
    },
    reset() {
      faults.length = 0;
      issued.clear();
      stats.tokenExchanges = 0;
      stats.requests = 0;
    },
    stats,
  };
}

export type DensitySimulator = ReturnType<typeof createDensitySimulator>;
