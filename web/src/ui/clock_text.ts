// How the app names a recent moment on a card or chip: the Doors board's `Behind
// since HH:MM` and `Last seen HH:MM`, a guest's `Arrived HH:MM`.

/** The three clocks for a time zone, made once each: every card shows times, and a phone pays for each formatter made. */
const clocks = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
export function clocksFor(timeZone: string | undefined) {
  const key = timeZone ?? "";
  let made = clocks.get(key);
  if (!made) {
    made = {
      day: new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }),
      time: new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }),
      date: new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" }),
    };
    clocks.set(key, made);
  }
  return made;
}

/** "14:05" today; "Nov 26, 14:05" on another day (the viewer's time zone unless given). */
export function clockText(iso: string, now: Date, timeZone?: string): string {
  const at = new Date(iso);
  const { day, time, date } = clocksFor(timeZone);
  const clock = time.format(at);
  return day.format(at) === day.format(now) ? clock : `${date.format(at)}, ${clock}`;
}
