// The decisions decide in SQL (schedule_open, migration 015); controllers and
// screens with schedule_time.ts. Both must agree: one table of schedules, each
// asked at every 20 minutes across daylight-saving days, holidays and leap days,
// and a millisecond either side of each change the module finds.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { DAYS, type Holiday, isOpen, nextChange, type ScheduleRule, type TimeWindow } from "./schedule_time.ts";

const nineToFive = [{ start: "09:00", end: "17:00" }];
const weekdays = (w: TimeWindow[]) => Object.fromEntries(DAYS.map((d, i) => [d, i < 5 ? w : []])) as ScheduleRule["weekly"];
const every = (w: TimeWindow[]) => Object.fromEntries(DAYS.map((d) => [d, w])) as ScheduleRule["weekly"];
const only = (day: (typeof DAYS)[number], w: TimeWindow[]) => ({ ...every([]), [day]: w });
const six = ["00:00-01:00", "03:00-04:00", "06:00-07:00", "09:00-10:00", "12:00-13:00", "15:00-24:00"]
  .map((w) => ({ start: w.slice(0, 5), end: w.slice(6) }));
const holidays: Holiday[] = [
  { name: "Christmas", date: "2025-12-25", repeatsYearly: true, windows: [] },
  { name: "Short day", date: "2026-12-24", repeatsYearly: false, windows: [{ start: "10:00", end: "12:00" }] },
  { name: "Winter break", date: "2026-12-28", endDate: "2027-01-02", repeatsYearly: true, windows: [] },
  { name: "Leap day", date: "2024-02-29", repeatsYearly: true, windows: [{ start: "10:00", end: "11:00" }] },
  { name: "Works outing", date: "2026-03-08", endDate: "2026-03-09", repeatsYearly: false, windows: [{ start: "01:30", end: "03:30" }] },
];

const CASES: [string, ScheduleRule][] = [
  ["New York weekdays", { timeZone: "America/New_York", weekly: weekdays(nineToFive), holidays }],
  ["New York nights", { timeZone: "America/New_York", weekly: every([{ start: "00:30", end: "02:30" }, { start: "22:00", end: "24:00" }]), holidays: [] }],
  ["Berlin Sunday 02-03", { timeZone: "Europe/Berlin", weekly: only("sunday", [{ start: "02:00", end: "03:00" }]), holidays }],
  ["Berlin six windows", { timeZone: "Europe/Berlin", weekly: every(six), holidays: [] }],
  ["Sydney weekdays", { timeZone: "Australia/Sydney", weekly: weekdays(nineToFive), holidays }],
  ["Sydney early", { timeZone: "Australia/Sydney", weekly: every([{ start: "01:45", end: "03:15" }]), holidays: [] }],
  ["Kolkata", { timeZone: "Asia/Kolkata", weekly: weekdays(nineToFive), holidays }],
  ["UTC leap days only", { timeZone: "UTC", weekly: every([]), holidays }],
];

/** Days worth a close look: both changes in each zone, holidays, a leap day and its neighbours. */
const DAYS_ASKED = [
  "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-28", "2026-03-29", "2026-04-04", "2026-04-05",
  "2026-10-03", "2026-10-04", "2026-10-24", "2026-10-25", "2026-10-31", "2026-11-01",
  "2026-12-24", "2026-12-25", "2026-12-31", "2027-01-02", "2027-01-03", "2028-02-28", "2028-02-29",
  "2028-03-01", "2030-12-25", "2100-02-28", "2100-03-01",
];

function instants(rule: ScheduleRule): number[] {
  const ts = new Set<number>();
  for (const day of DAYS_ASKED) {
    const start = Date.parse(`${day}T00:00:00Z`) - 14 * 3_600_000;
    for (let t = start; t < start + 52 * 3_600_000; t += 20 * 60_000) ts.add(t);
    // Each change the module finds from there, and a millisecond either side.
    let at: number = start;
    for (let i = 0; i < 6; i++) {
      const c = nextChange(rule, at)?.getTime();
      if (c === undefined || c > start + 52 * 3_600_000) break;
      for (const d of [-1, 0, 1]) ts.add(c + d);
      at = c;
    }
  }
  return [...ts].sort((a, b) => a - b);
}

describeApp("schedule_open in SQL agrees with schedule_time.ts", async (t, { sql }) => {
  for (const [name, rule] of CASES) {
    await t.step(name, async () => {
      const [calendar] = await sql`insert into holiday_calendars (name, holidays)
        values (${name}, ${sql.json(rule.holidays)}) returning id`;
      const [schedule] = await sql`insert into schedules (name, time_zone, weekly, holiday_calendar_id)
        values (${name}, ${rule.timeZone}, ${sql.json(rule.weekly)}, ${calendar.id}) returning id`;
      const ts = instants(rule);
      const rows = await sql<{ open: boolean }[]>`
        select schedule_open(${schedule.id}, to_timestamp(t / 1000.0)) as open
        from unnest(${ts}::float8[]) with ordinality as x (t, n) order by n`;
      const disagree = ts.filter((t, i) => rows[i].open !== isOpen(rule, t)).map((t) => new Date(t).toISOString());
      assertEquals(disagree, [], `${name}: ${ts.length} instants`);
    });
  }
});
