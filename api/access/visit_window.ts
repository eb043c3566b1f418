// Which visits the doors' access lists carry (spec 4 §5: those whose pass works now
// or within 24 hours), and moving that window on as the clock goes (migration 032).
//
// A list's visits are worked out as of a moment kept in the database
// (access_list_visits.as_of): the visits of the room not revoked, not ended by that
// moment, whose pass works by WINDOW_HOURS and WINDOW_MARGIN_MS after it. The moment
// moves (with the visits' generation) whenever a visit changes, and when the clock
// carries a visit into that window or past its end: every process holding doors'
// streams looks every CHECK_MS (door_streams.ts), and the first whose update finds
// such a visit moves it, telling every process (NOTIFY access_lists). Since a check
// comes at most CHECK_MS after the last, well within the margin, a list always holds
// every visit whose pass works within 24 hours of now, even when no visit changed
// for days; an ended visit leaves the lists at most CHECK_MS late (a controller
// checks the end itself: visit_rules.ts's passWorks).
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { LEAD_MINUTES } from "../visits/visit_rules.ts";

/** A list carries the visits whose pass works within this many hours. */
export const WINDOW_HOURS = 24;
/** Beyond them, so a list stays complete between two checks (and a check that failed). */
export const WINDOW_MARGIN_MS = 60_000;
/** How often each process with doors connected looks whether a visit crossed the window. */
export const CHECK_MS = 10_000;

/** The window's far edge, as an interval on starts_at: the pass works LEAD_MINUTES before the start. */
const AHEAD_OF_START = `${WINDOW_HOURS * 3_600_000 + WINDOW_MARGIN_MS + LEAD_MINUTES * 60_000} milliseconds`;

/**
 * Whether visit `v` belongs in the lists as of the moment `asOf` (an SQL expression):
 * not revoked, not ended by then, its pass working by the window's edge.
 */
export const inWindow = (sql: Queries, asOf: postgres.Fragment): postgres.Fragment =>
  sql`v.revoked_at is null and v.ends_at > ${asOf} and v.starts_at <= ${asOf} + ${AHEAD_OF_START}::interval`;

/**
 * Moves the window on when a visit entered it or ended since its moment; the
 * visits' new generation, or null when nothing crossed. One process wins: another
 * checking at once waits for the row, then finds the moment moved.
 */
export async function moveVisitWindow(sql: Queries): Promise<bigint | null> {
  const [moved] = await sql<{ generation: string }[]>`
    with t as (select date_trunc('milliseconds', now()) as now),
    moved as (
      update access_list_visits w set generation = w.generation + 1, as_of = t.now,
             moved_by = pg_current_xact_id()
      from t
      where exists (
          select 1 from visits v where v.revoked_at is null
            and v.starts_at > w.as_of + ${AHEAD_OF_START}::interval
            and v.starts_at <= t.now + ${AHEAD_OF_START}::interval)
        or exists (
          select 1 from visits v where v.revoked_at is null and v.ends_at > w.as_of and v.ends_at <= t.now)
      returning w.generation
    )
    select generation, pg_notify('access_lists', 'visits') from moved`;
  return moved ? BigInt(moved.generation) : null;
}
