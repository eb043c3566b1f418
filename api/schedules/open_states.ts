// Which schedules are open now, worked out here rather than in every decision.
//
// Asking schedule_open (migration 015) costs the database about 140 µs for a
// schedule with a holiday calendar, and a decision statement asked it for every
// schedule of its batch's rooms: with schedules, a decision cost the database 3.6
// times what it did without. Yet a schedule's state changes only at its next
// opening or closing. So each API process works out, with schedule_time.ts (the
// same rule, tested to agree with the SQL), every schedule's state and until when
// it holds, and hands that to the decision statement.
//
// The database stays the judge: the statement uses a state only if the schedule
// and its calendar are still the rows it was worked out from (their xmin, which
// every update changes) and the database's clock lies within the time it holds;
// otherwise it asks schedule_open as before. A stale or missing state can only cost
// time, never change a decision, and nothing here needs coordinating between
// processes. States are read again in the background, never on a decision's path:
// when the first of them runs out, and every REFRESH_MS (so an edited schedule is
// fast again soon after).
import type { Queries } from "../db/connect.ts";
import { poolOf } from "../db/guard.ts";
import { isOpen, nextChange, type ScheduleRule } from "./schedule_time.ts";

/** A schedule's state, as the decision statement reads it. */
export type OpenState = {
  id: number;
  open: boolean;
  /** The version of the rows it was worked out from: "<schedule xmin>/<calendar xmin>". */
  version: string;
  /** In the database's clock, ms since the epoch: it holds from … */
  from: number;
  /** … until (null: until the schedule is edited). */
  until: number | null;
};

/** The longest a process keeps states before reading the schedules again. */
export const REFRESH_MS = 15_000;

type Cache = { states: OpenState[]; refreshAt: number; loading: boolean };
const caches = new WeakMap<object, Cache>();

/**
 * The states this process knows (possibly none yet) for the database behind `sql`;
 * starts reading them again, in the background, when they are due.
 */
export function openStates(sql: Queries): OpenState[] {
  const pool = poolOf(sql);
  const key: object = pool ?? sql;
  let cache = caches.get(key);
  if (!cache) caches.set(key, cache = { states: [], refreshAt: 0, loading: false });
  if (!cache.loading && Date.now() >= cache.refreshAt) {
    const c = cache;
    c.loading = true;
    loadOpenStates(pool?.sql ?? sql)
      .then((states) => {
        c.states = states;
        const ends = states.flatMap((s) => s.until ?? []);
        c.refreshAt = Math.min(Date.now() + REFRESH_MS, ...ends.map((u) => u - (pool?.clockOffsetMs ?? 0)));
      })
      // Unreadable now (the database away, say): decisions ask schedule_open; try again later.
      .catch(() => c.refreshAt = Date.now() + REFRESH_MS)
      .finally(() => c.loading = false);
  }
  return cache.states;
}

/** Every schedule's state now, read and worked out at once. */
export async function loadOpenStates(sql: Queries): Promise<OpenState[]> {
  // Worked out at the database's own clock as it read the rows, not at this process's
  // clock plus the measured offset: that estimate may be a few ms ahead, and a state
  // "from" a moment the database has not reached yet went unused by the decisions
  // made at once after it (a flaky test showed it).
  const rows = await sql<({ id: number; version: string; at: number } & ScheduleRule)[]>`
    select s.id, s.xmin::text || '/' || coalesce(c.xmin::text, '') as version,
           s.time_zone, s.weekly, coalesce(c.holidays, '[]'::jsonb) as holidays,
           (extract(epoch from now()) * 1000)::float8 as at
    from schedules s left join holiday_calendars c on c.id = s.holiday_calendar_id`;
  return rows.map(({ id, version, at, ...rule }) => ({
    id,
    open: isOpen(rule, at),
    version,
    from: at,
    until: nextChange(rule, at)?.getTime() ?? null,
  }));
}
