// The cost of a schedule's nextChange and currentSince (spec 3 §1), which every
// room read runs for each room's unlock schedule and the schedule screens rerun
// each tick. Pure functions, no database. Budget: each call under 1 ms median,
// for schedules that never change (an empty week, all day every day), ordinary
// weeks, a far-away yearly holiday as the only change, and a full calendar.
//
//   npx deno run -A bench/schedule_time.ts   (RUNS=… changes the calls per case)
import { currentSince, DAYS, type Holiday, nextChange, type ScheduleRule, type TimeWindow } from "../api/schedules/schedule_time.ts";

const RUNS = Number(Deno.env.get("RUNS") ?? 200);
const BUDGET_MS = 1;

const every = (w: TimeWindow[]) => Object.fromEntries(DAYS.map((d) => [d, w])) as ScheduleRule["weekly"];
const weekdays = (w: TimeWindow[]) => Object.fromEntries(DAYS.map((d, i) => [d, i < 5 ? w : []])) as ScheduleRule["weekly"];
const allDay = [{ start: "00:00", end: "24:00" }];
const nineToFive = [{ start: "09:00", end: "17:00" }];
// 366 one-day holidays, yearly, one a day from 1 January (the calendar's limit).
const fullYear: Holiday[] = Array.from({ length: 366 }, (_, i) => ({
  name: `Day ${i}`,
  date: new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
  repeatsYearly: true,
  windows: i % 2 ? [] : [{ start: "10:00", end: "11:00" }],
}));

const CASES: [string, ScheduleRule][] = [
  ["empty week", { timeZone: "Europe/Berlin", weekly: every([]), holidays: [] }],
  ["00:00-24:00 every day", { timeZone: "America/New_York", weekly: every(allDay), holidays: [] }],
  ["weekdays 09-17, Berlin", { timeZone: "Europe/Berlin", weekly: weekdays(nineToFive), holidays: [] }],
  ["always, yearly Christmas closed", {
    timeZone: "Europe/Berlin",
    weekly: every(allDay),
    holidays: [{ name: "Christmas", date: "2020-12-25", repeatsYearly: true, windows: [] }],
  }],
  ["never, but a yearly 29 February", {
    timeZone: "America/New_York",
    weekly: every([]),
    holidays: [{ name: "Leap day", date: "2024-02-29", repeatsYearly: true, windows: [{ start: "10:00", end: "11:00" }] }],
  }],
  ["weekdays 09-17, 366 yearly holidays", { timeZone: "Australia/Sydney", weekly: weekdays(nineToFive), holidays: fullYear }],
];

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const start = Date.parse("2026-03-01T10:00:00Z");
const verdicts: [string, boolean][] = [];
console.log(`${"case".padEnd(38)} ${"nextChange".padStart(12)} ${"currentSince".padStart(13)}  (median ms per call, ${RUNS} calls)`);
for (const [label, rule] of CASES) {
  const figures = [nextChange, currentSince].map((f) => {
    for (let i = 0; i < 10; i++) f(rule, start + i * 3_600_000); // warm up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const at = start + i * 7_919_000; // about 2.2 h apart: across days, weeks and a DST change
      const t0 = performance.now();
      f(rule, at);
      times.push(performance.now() - t0);
    }
    return median(times);
  });
  console.log(`${label.padEnd(38)} ${figures[0].toFixed(3).padStart(12)} ${figures[1].toFixed(3).padStart(13)}`);
  verdicts.push([`${label}: ${Math.max(...figures).toFixed(3)} ms < ${BUDGET_MS} ms`, Math.max(...figures) < BUDGET_MS]);
}
console.log("\nbudgets:");
for (const [text, ok] of verdicts) console.log(`  ${ok ? "PASS" : "FAIL"}  ${text}`);
if (verdicts.some(([, ok]) => !ok)) Deno.exitCode = 1;
