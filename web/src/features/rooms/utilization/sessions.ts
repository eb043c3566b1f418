// The Recent Activity list of the Utilization tab (spec 2 §9): Density's raw
// sessions become the sessions a person reads. Pure functions; `now` and the time
// zone are always passed in.
import {
  addDays,
  at,
  compareDates,
  type CalendarDate,
  dateOf,
  localTimeZone,
  MINUTE_MS,
  parseIsoDate,
} from "./zoned_time";

/** A session as GET /api/density/spaces/{id}/sessions answers it (Density's shape). */
export type RawSession = {
  start_time: string;
  end_time: string | null;
  session_type: string;
};

export type People = 1 | 2 | 3;

export type Session = {
  start: Date;
  end: Date;
  /** 1, 2, or 3 meaning "3 or more". */
  people: People;
  /** Length in minutes (fractional). */
  minutes: number;
};

export const PAGE_SIZE = 10;
/** Sessions shorter than this (after clipping to now) are dropped. */
export const MIN_SESSION_MS = MINUTE_MS;
/** Consecutive sessions at most this far apart may merge. */
export const MERGE_GAP_MS = 60_000;
/** Consecutive sessions whose people counts differ by more than this stay apart. */
export const MERGE_PEOPLE_DIFFERENCE = 1;

/** The demo fallback (spec 2 §9): 516 minutes, at 09:00 seven days ago, 3 people. */
export const FALLBACK_MINUTES = 516;

/** session_type '1'..'3' is the people count; '0' (and anything else) is ignored. */
export function peopleOf(sessionType: string | number): People | null {
  const text = String(sessionType).trim();
  return text === "1" ? 1 : text === "2" ? 2 : text === "3" ? 3 : null;
}

function session(start: number, end: number, people: People): Session {
  return { start: new Date(start), end: new Date(end), people, minutes: (end - start) / MINUTE_MS };
}

/**
 * The session list, newest first: type '0' ignored; each session clipped to now
 * (an open one, end_time null, runs until now; one starting after now is dropped);
 * those under a minute dropped; then consecutive sessions merged while the gap is at
 * most 60 s and the people counts differ by at most 1 (compared with the merged
 * session's count so far). A merged session counts the maximum number of people.
 */
export function prepareSessions(raw: readonly RawSession[], now: Date): Session[] {
  const nowMs = now.getTime();
  const kept: { start: number; end: number; people: People }[] = [];
  for (const item of raw) {
    const people = peopleOf(item.session_type);
    if (people === null) continue;
    const start = Date.parse(item.start_time);
    const rawEnd = item.end_time === null ? nowMs : Date.parse(item.end_time);
    if (Number.isNaN(start) || Number.isNaN(rawEnd)) continue;
    const end = Math.min(rawEnd, nowMs);
    if (end - start < MIN_SESSION_MS) continue;
    kept.push({ start, end, people });
  }
  kept.sort((a, b) => a.start - b.start || a.end - b.end);

  const merged: typeof kept = [];
  for (const next of kept) {
    const last = merged[merged.length - 1];
    if (
      last && next.start - last.end <= MERGE_GAP_MS &&
      Math.abs(next.people - last.people) <= MERGE_PEOPLE_DIFFERENCE
    ) {
      last.end = Math.max(last.end, next.end);
      last.people = Math.max(last.people, next.people) as People;
    } else {
      merged.push({ ...next });
    }
  }
  return merged.map((s) => session(s.start, s.end, s.people)).reverse();
}

/** The fallback session: 09:00 (local) seven calendar days before today, 516 minutes, 3+ people. */
export function fallbackSession(now: Date, timeZone = localTimeZone()): Session {
  const start = at(addDays(dateOf(now, timeZone), -7), 9, 0, timeZone).getTime();
  return session(start, start + FALLBACK_MINUTES * MINUTE_MS, 3);
}

/**
 * What the list shows: the prepared sessions, or — when there are none but the
 * metrics report used time — the single fallback session.
 */
export function sessionsToShow(
  raw: readonly RawSession[],
  timeUsedRaw: number | null | undefined,
  now: Date,
  timeZone = localTimeZone(),
): Session[] {
  const sessions = prepareSessions(raw, now);
  if (sessions.length === 0 && (timeUsedRaw ?? 0) > 0) return [fallbackSession(now, timeZone)];
  return sessions;
}

/** The people badge: text and how deep its yellow is (1 lightest … 3 deepest). */
export function peopleBadge(people: People): { label: string; shade: People } {
  if (people === 1) return { label: "1 person", shade: 1 };
  if (people === 2) return { label: "2 persons", shade: 2 };
  return { label: "3+ people", shade: 3 };
}

/** '< 1 min', '1 min', 'N mins'. */
export function formatDuration(minutes: number): string {
  if (minutes < 1) return "< 1 min";
  const whole = Math.round(minutes);
  return whole === 1 ? "1 min" : `${whole} mins`;
}

/** Sessions that start on the given local date ('YYYY-MM-DD'); all of them for '' or null. */
export function filterByDate(
  sessions: readonly Session[],
  date: string | null | undefined,
  timeZone = localTimeZone(),
): Session[] {
  if (!date) return [...sessions];
  const wanted: CalendarDate | undefined = parseIsoDate(date);
  if (!wanted) return [...sessions];
  return sessions.filter((s) => compareDates(dateOf(s.start, timeZone), wanted) === 0);
}

export type Page<T> = {
  items: T[];
  /** 1-based, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  total: number;
  /** 'Showing a-b of n sessions' */
  rangeText: string;
  /** 'Page x of y' */
  pageText: string;
  hasPrevious: boolean;
  hasNext: boolean;
};

/** One page of the list, 10 per page. An empty list is one empty page. */
export function paginate<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): Page<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  return {
    items: items.slice(from === 0 ? 0 : from - 1, to),
    page: current,
    pageCount,
    total,
    rangeText: `Showing ${from}-${to} of ${total} sessions`,
    pageText: `Page ${current} of ${pageCount}`,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
  };
}
