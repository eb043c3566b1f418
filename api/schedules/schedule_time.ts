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
/** A zone's wall clock, as two-digit parts (24-hour), one formatter a zone; it throws on a zone Intl does not know. */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
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
    zoneFormatter(timeZone);
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
  for (const p of zoneFormatter(timeZone).formatToParts(t)) parts[p.type] = p.value;
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
 * The instants where the schedule may open or close on one local date (its
 * windows given): each window edge and midnight at their wall-clock times, and
 * the zone's offset change near it (where the clock jumps over or back across an
 * edge). All lie within 14 hours before the date's UTC midnight and 38 after.
 */
function candidatesOn(date: string, windows: TimeWindow[], timeZone: string): number[] {
  const edges = new Set([0]);
  for (const win of windows) edges.add(minutesOf(win.start)).add(minutesOf(win.end));
  const midnight = utcOf(date);
  const start = midnight - 14 * 60 * MINUTE;
  const end = start + DAY + 28 * 60 * MINUTE;
  const offset = offsetAt(start, timeZone);
  // The usual day: one offset throughout, so each edge is one instant.
  if (offsetAt(end, timeZone) === offset) return [...edges].map((minute) => midnight + minute * MINUTE - offset);
  const found: number[] = [];
  for (const minute of edges) found.push(...instantsOf(date, minute, timeZone));
  const shift = transitionBetween(start, end, timeZone);
  if (shift !== null) found.push(shift);
  return found;
}

/** What a day's windows make of it: open all day, closed all day, or both in turn. */
type Kind = "open" | "closed" | "mixed";
function kindOf(windows: TimeWindow[]): Kind {
  const spans = windows.map((w) => [minutesOf(w.start), minutesOf(w.end)]).filter(([s, e]) => s < e).sort((a, b) => a[0] - b[0]);
  let reach = 0;
  for (const [s, e] of spans) {
    if (s > reach) return "mixed";
    reach = Math.max(reach, e);
  }
  return reach >= 1440 ? "open" : spans.length ? "mixed" : "closed";
}

/**
 * Whether the schedule is the same at every instant: every weekday open all day
 * (or every one closed all day), and every holiday the same, so that neither a
 * weekday, a holiday, midnight nor a daylight-saving change can change it.
 */
function neverChanges(rule: ScheduleRule): boolean {
  const kind = kindOf(rule.weekly[DAYS[0]]);
  return kind !== "mixed" && DAYS.every((d) => kindOf(rule.weekly[d]) === kind) &&
    rule.holidays.every((h) => kindOf(h.windows) === kind);
}

/** Days as whole numbers since 1970-01-01 (plain dates, no zone). */
const dayNumber = (date: string) => Math.round(utcOf(date) / DAY);
const yearOfDay = (day: number) => new Date(day * DAY).getUTCFullYear();

/**
 * The local dates of a schedule: each one's windows and kind, with its calendar's
 * holidays laid out a year at a time as dates are asked for (the first covering
 * holiday decides a date, as in windowsOn), so that a long run of days costs no
 * zone arithmetic.
 */
function daysOf(rule: ScheduleRule) {
  const years = new Map<number, { first: number; last: number; holidayOn: Map<number, number> }>();
  let recent = { first: 1, last: 0, holidayOn: new Map<number, number>() };
  const laidOut = rule.holidays.map((h) => {
    const start = dayNumber(h.date);
    const month = Number(h.date.slice(5, 7)) - 1;
    return { start, span: h.endDate ? dayNumber(h.endDate) - start : 0, yearly: h.repeatsYearly, month, day: Number(h.date.slice(8, 10)) };
  });
  const holidaysIn = (year: number) => {
    const known = years.get(year);
    if (known) return known;
    const holidayOn = new Map<number, number>();
    const first = dayNumber(`${String(year).padStart(4, "0")}-01-01`);
    const last = dayNumber(`${String(year).padStart(4, "0")}-12-31`);
    years.set(year, { first, last, holidayOn });
    const mark = (i: number, from: number, to: number) => {
      for (let d = Math.max(from, first); d <= Math.min(to, last); d++) if (!holidayOn.has(d)) holidayOn.set(d, i);
    };
    laidOut.forEach(({ start, span, yearly, month, day }, i) => {
      if (!yearly) return mark(i, start, start + span);
      // A yearly holiday counts from its start's year and the next (holidayCovers);
      // 29 February only in leap years.
      for (const y of [year - 1, year]) {
        if (month === 1 && day === 29 && !isLeap(y)) continue;
        const s = Math.round(Date.UTC(y, month, day) / DAY);
        mark(i, s, s + span);
      }
    });
    return years.get(year)!;
  };
  const holidayOn = (day: number) => {
    if (day < recent.first || day > recent.last) recent = holidaysIn(yearOfDay(day));
    return recent.holidayOn.get(day);
  };
  const weekKinds = DAYS.map((d) => kindOf(rule.weekly[d]));
  const holidayKinds = rule.holidays.map((h) => kindOf(h.windows));
  const weekday = (day: number) => (((day + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  const kind = (day: number): Kind => {
    const h = holidayOn(day);
    return h === undefined ? weekKinds[weekday(day)] : holidayKinds[h];
  };
  const windows = (day: number): TimeWindow[] => {
    const h = holidayOn(day);
    return h === undefined ? rule.weekly[DAYS[weekday(day)]] : rule.holidays[h].windows;
  };
  return {
    windows,
    /** No change can fall on the date: it and the dates either side are all open, or all closed, all day. */
    quiet: (day: number) => {
      const k = kind(day);
      return k !== "mixed" && kind(day - 1) === k && kind(day + 1) === k;
    },
    candidates: (day: number) => candidatesOn(dateOf(day * DAY), windows(day), rule.timeZone),
    isOpen: (t: number) => {
      const w = wallClock(t, rule.timeZone);
      return windows(dayNumber(w.date)).some((win) => minutesOf(win.start) * MINUTE <= w.ms && w.ms < minutesOf(win.end) * MINUTE);
    },
  };
}

/** How far to look, in days: long enough for a yearly 29 February. */
const HORIZON = 1470;

/**
 * Where a search for the schedule's changes around `at` starts: the instant, its
 * day in the zone, the days' rules and whether it is open then; null when the
 * schedule never changes.
 */
function changeSearch(rule: ScheduleRule, at: Date | number) {
  if (neverChanges(rule)) return null;
  const t = typeof at === "number" ? at : at.getTime();
  const today = dayNumber(wallClock(t, rule.timeZone).date);
  const days = daysOf(rule);
  return { t, today, days, now: days.isOpen(t) };
}

/** When the schedule next opens or closes after `at`; null when it never changes (in four years). */
export function nextChange(rule: ScheduleRule, at: Date | number): Date | null {
  const search = changeSearch(rule, at);
  if (search === null) return null;
  const { t, today, days, now } = search;
  // Dates in order, skipping quiet ones; a date's candidates lie within 52 hours,
  // so once one holds a change, none past the next two dates can come earlier.
  let first: number | null = null;
  let stop = today + HORIZON;
  for (let day = today - 1; day <= stop; day++) {
    if (days.quiet(day)) continue;
    for (const c of days.candidates(day)) {
      if (c > t && (first === null || c < first) && days.isOpen(c) !== now) first = c;
    }
    if (first !== null) stop = Math.min(stop, day + 2);
  }
  return first === null ? null : new Date(first);
}

/** When the schedule's present state (open or closed) began, at or before `at`; null when it never changed in four years. */
export function currentSince(rule: ScheduleRule, at: Date | number): Date | null {
  const search = changeSearch(rule, at);
  if (search === null) return null;
  const { t, today, days, now } = search;
  // The latest candidate at or before t with the other state just before it.
  let since: number | null = null;
  let stop = today - HORIZON;
  for (let day = today + 1; day >= stop; day--) {
    if (days.quiet(day)) continue;
    for (const c of days.candidates(day)) {
      if (c <= t && (since === null || c > since) && days.isOpen(c - 1) !== now) since = c;
    }
    if (since !== null) stop = Math.max(stop, day - 2);
  }
  return since === null ? null : new Date(since);
}
