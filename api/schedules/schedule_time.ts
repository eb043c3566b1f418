// Is a schedule open at an instant, and when does that change (spec 3 §1)? Pure
// functions, no imports: the API, the door controllers and the screens all run
// this file, so they cannot disagree. The decisions' SQL (schedule_open in
// migration 015) agrees with it on a shared table of cases (schedule_sql_test.ts).
//
// The rule: take the instant's local date and wall-clock time in the schedule's
// zone. A holiday of its calendar covering that date gives the day's windows
// (the first such holiday in the calendar's order); otherwise the weekday's. Open
// when the time lies in a window, start included, end excluded. Wall-clock rules
// keep daylight-saving days plain: 09:00-17:00 is open from 09:00 to 17:00 local
// time whatever the offset, and in a repeated hour the same wall-clock time is
// open (or closed) both times. Zone arithmetic is Intl's (the platform's IANA
// data); the only offsets used are ones Intl reports.

export const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Day = (typeof DAYS)[number];

/** "HH:MM" to "HH:MM" (24 h; "24:00" only as an end), start before end, within one day. */
export type TimeWindow = { start: string; end: string };
export type Weekly = Record<Day, TimeWindow[]>;
export type Holiday = {
  name: string;
  /** "YYYY-MM-DD". */
  date: string;
  /** Inclusive; null or absent: the one day. */
  endDate?: string | null;
  /** Matches on month and day every year (29 February only in leap years). */
  repeatsYearly: boolean;
  /** Empty: closed all day. */
  windows: TimeWindow[];
};
/** What deciding needs of a schedule: its zone, its week and its calendar's holidays. */
export type ScheduleRule = { timeZone: string; weekly: Weekly; holidays: Holiday[] };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Minutes since midnight of "HH:MM" ("24:00" is 1440). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether Intl knows the zone (an IANA name such as "Europe/Berlin"). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in a zone at an instant. */
export type WallClock = {
  /** "YYYY-MM-DD". */
  date: string;
  day: Day;
  /** Milliseconds since local midnight. */
  ms: number;
};

export function wallClock(at: Date | number, timeZone: string): WallClock {
  const t = typeof at === "number" ? at : at.getTime();
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(t)) parts[p.type] = p.value;
  const date = `${parts.year.padStart(4, "0")}-${parts.month}-${parts.day}`;
  const ms = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 +
    (((t % 1000) + 1000) % 1000);
  return { date, day: dayOf(date), ms };
}

/** Milliseconds the zone's clock is ahead of UTC at an instant. */
function offsetAt(t: number, timeZone: string): number {
  const w = wallClock(t, timeZone);
  return utcOf(w.date) + w.ms - t;
}

/** Plain-date arithmetic, with no zone: UTC midnight of the date. */
const utcOf = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const dateOf = (utc: number) => new Date(utc).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOf(utcOf(date) + days * DAY);
const dayOf = (date: string): Day => DAYS[(new Date(utcOf(date)).getUTCDay() + 6) % 7];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A yearly holiday's start in a given year; null for 29 February outside leap years. */
function occurrence(date: string, year: number): string | null {
  if (date.slice(5) === "02-29" && !isLeap(year)) return null;
  return `${String(year).padStart(4, "0")}${date.slice(4)}`;
}

/** Whether the holiday covers the local date. */
export function holidayCovers(h: Holiday, date: string): boolean {
  const span = h.endDate ? Math.round((utcOf(h.endDate) - utcOf(h.date)) / DAY) : 0;
  if (!h.repeatsYearly) return h.date <= date && date <= addDays(h.date, span);
  // A yearly range may run into the next year (24 December to 2 January).
  const year = Number(date.slice(0, 4));
  for (const y of [year - 1, year]) {
    const start = occurrence(h.date, y);
    if (start && start <= date && date <= addDays(start, span)) return true;
  }
  return false;
}

/** The windows of a local date: its holiday's (the first that covers it) or its weekday's. */
export function windowsOn(rule: ScheduleRule, date: string): TimeWindow[] {
  const holiday = rule.holidays.find((h) => holidayCovers(h, date));
  return holiday ? holiday.windows : rule.weekly[dayOf(date)];
}

export function isOpen(rule: ScheduleRule, at: Date | number): boolean {
  const w = wallClock(at, rule.timeZone);
  return windowsOn(rule, w.date).some((win) => minutesOf(win.start) * MINUTE <= w.ms && w.ms < minutesOf(win.end) * MINUTE);
}

/** Every instant whose wall clock reads this date and minute: none in a gap, two in a repeated hour. */
function instantsOf(date: string, minute: number, timeZone: string): number[] {
  const guess = utcOf(date) + minute * MINUTE;
  const found = new Set<number>();
  for (const offset of [offsetAt(guess - DAY, timeZone), offsetAt(guess + DAY, timeZone)]) {
    const t = guess - offset;
    const w = wallClock(t, timeZone);
    if (w.date === date && w.ms === minute * MINUTE) found.add(t);
    else if (minute === 1440 && w.date === addDays(date, 1) && w.ms === 0) found.add(t);
  }
  return [...found];
}

/** The instant the zone's offset changes between two instants, if it does (once). */
function transitionBetween(from: number, to: number, timeZone: string): number | null {
  const before = offsetAt(from, timeZone);
  if (offsetAt(to, timeZone) === before) return null;
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The instants where the schedule may open or close, for local dates first..last:
 * each window edge and midnight at their wall-clock times, and the zone's offset
 * changes (where the clock jumps over or back across an edge). Sorted.
 */
function candidates(rule: ScheduleRule, first: string, last: string): number[] {
  const found = new Set<number>();
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const edges = new Set([0]);
    for (const win of windowsOn(rule, date)) edges.add(minutesOf(win.start)).add(minutesOf(win.end));
    for (const minute of edges) for (const t of instantsOf(date, minute, rule.timeZone)) found.add(t);
    const start = utcOf(date) - 14 * 60 * MINUTE;
    const shift = transitionBetween(start, start + DAY + 28 * 60 * MINUTE, rule.timeZone);
    if (shift !== null) found.add(shift);
  }
  return [...found].sort((a, b) => a - b);
}

/** How far to look: a few days, a year, then long enough for a yearly 29 February. */
const HORIZONS = [3, 400, 1470];

/** When the schedule next opens or closes after `at`; null when it never changes. */
export function nextChange(rule: ScheduleRule, at: Date | number): Date | null {
  const t = typeof at === "number" ? at : at.getTime();
  const now = isOpen(rule, t);
  const today = wallClock(t, rule.timeZone).date;
  for (const days of HORIZONS) {
    const last = addDays(today, days);
    for (const c of candidates(rule, addDays(today, -1), last)) {
      if (c <= t || isOpen(rule, c) === now) continue;
      // Only a change well before the horizon's last day is sure to be the first.
      if (c < utcOf(last) - DAY || days === HORIZONS.at(-1)) return new Date(c);
      break;
    }
  }
  return null;
}

/** When the schedule's present state (open or closed) began, at or before `at`; null when it never changed in four years. */
export function currentSince(rule: ScheduleRule, at: Date | number): Date | null {
  const t = typeof at === "number" ? at : at.getTime();
  const now = isOpen(rule, t);
  const today = wallClock(t, rule.timeZone).date;
  for (const days of HORIZONS) {
    const first = addDays(today, -days);
    const earlier = candidates(rule, first, addDays(today, 1)).filter((c) => c <= t).reverse();
    for (const c of earlier) {
      if (isOpen(rule, c - 1) === now) continue;
      if (c > utcOf(first) + DAY || days === HORIZONS.at(-1)) return new Date(c);
      break;
    }
  }
  return null;
}
