// The schedule rule on a fixed clock (spec 3 §1): both daylight-saving changes in
// three zones, holidays (one-off, ranges, yearly in a later year, 29 February),
// window edges, 24:00 and six windows a day. Every expected instant is written
// in UTC, worked out by hand from the zone's published rules.
import { assertEquals } from "../testing/assert.ts";
import { currentSince, DAYS, type Holiday, isOpen, nextChange, type ScheduleRule, type TimeWindow, wallClock } from "./schedule_time.ts";

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

function rule(timeZone: string, windows: Partial<Record<(typeof DAYS)[number], TimeWindow[]>> | TimeWindow[], holidays: Holiday[] = []): ScheduleRule {
  const weekly = Object.fromEntries(DAYS.map((d) => [d, Array.isArray(windows) ? windows : windows[d] ?? []])) as ScheduleRule["weekly"];
  return { timeZone, weekly, holidays };
}
const nineToFive = [{ start: "09:00", end: "17:00" }];

Deno.test("wall clock: the zone's date, weekday and time of day", () => {
  assertEquals(wallClock(at("2026-11-25T14:30:05.250Z"), "America/New_York"), { date: "2026-11-25", day: "wednesday", ms: (9 * 3600 + 30 * 60 + 5) * 1000 + 250 });
  assertEquals(wallClock(at("2026-11-25T23:30:00Z"), "Australia/Sydney").date, "2026-11-26");
});

Deno.test("window edges: start included, end excluded", () => {
  const r = rule("Europe/Berlin", nineToFive);
  assertEquals(isOpen(r, at("2026-11-25T07:59:59.999Z")), false); // 08:59:59.999 CET
  assertEquals(isOpen(r, at("2026-11-25T08:00:00Z")), true); // 09:00
  assertEquals(isOpen(r, at("2026-11-25T15:59:59.999Z")), true); // 16:59:59.999
  assertEquals(isOpen(r, at("2026-11-25T16:00:00Z")), false); // 17:00
  assertEquals(iso(nextChange(r, at("2026-11-25T10:00:00Z"))), "2026-11-25T16:00:00.000Z");
  assertEquals(iso(nextChange(r, at("2026-11-25T16:00:00Z"))), "2026-11-26T08:00:00.000Z");
  assertEquals(iso(currentSince(r, at("2026-11-25T10:00:00Z"))), "2026-11-25T08:00:00.000Z");
  assertEquals(iso(currentSince(r, at("2026-11-25T08:00:00Z"))), "2026-11-25T08:00:00.000Z");
});

Deno.test("weekdays only: Friday evening's next change is Monday morning", () => {
  const r = rule("America/New_York", { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive });
  assertEquals(isOpen(r, at("2026-11-28T15:00:00Z")), false); // Saturday 10:00 EST
  assertEquals(iso(nextChange(r, at("2026-11-27T22:00:00Z"))), "2026-11-30T14:00:00.000Z");
  assertEquals(iso(currentSince(r, at("2026-11-29T12:00:00Z"))), "2026-11-27T22:00:00.000Z"); // closed since Friday 17:00
});

Deno.test("24:00 ends a day, and a night window continues over midnight without a change", () => {
  const r = rule("Europe/Berlin", { monday: [{ start: "22:00", end: "24:00" }], tuesday: [{ start: "00:00", end: "06:00" }] });
  // Monday 2026-11-23, CET (UTC+1).
  assertEquals(isOpen(r, at("2026-11-23T22:59:59.999Z")), true); // Monday 23:59:59.999
  assertEquals(isOpen(r, at("2026-11-23T23:00:00Z")), true); // Tuesday 00:00
  assertEquals(iso(nextChange(r, at("2026-11-23T21:30:00Z"))), "2026-11-24T05:00:00.000Z"); // Tuesday 06:00
  assertEquals(iso(currentSince(r, at("2026-11-24T01:00:00Z"))), "2026-11-23T21:00:00.000Z"); // Monday 22:00
  assertEquals(isOpen(rule("UTC", [{ start: "23:00", end: "24:00" }]), at("2026-11-23T23:59:59Z")), true);
});

Deno.test("six windows a day: each one opens and closes", () => {
  const six = ["00:00-01:00", "03:00-04:00", "06:00-07:00", "09:00-10:00", "12:00-13:00", "15:00-24:00"]
    .map((w) => ({ start: w.slice(0, 5), end: w.slice(6) }));
  const r = rule("UTC", six);
  const changes: string[] = [];
  let t: Date | null = at("2026-11-25T00:30:00Z");
  for (let i = 0; i < 11 && t; i++) {
    t = nextChange(r, t);
    changes.push(iso(t)!.slice(11, 16));
  }
  assertEquals(changes, ["01:00", "03:00", "04:00", "06:00", "07:00", "09:00", "10:00", "12:00", "13:00", "15:00", "01:00"]);
});

Deno.test("America/New_York, spring forward (8 March 2026, 02:00 EST becomes 03:00 EDT)", () => {
  const r = rule("America/New_York", nineToFive);
  assertEquals(isOpen(r, at("2026-03-08T12:59:00Z")), false); // 08:59 EDT
  assertEquals(isOpen(r, at("2026-03-08T13:00:00Z")), true); // 09:00 EDT
  assertEquals(iso(nextChange(r, at("2026-03-08T05:00:00Z"))), "2026-03-08T13:00:00.000Z");
  assertEquals(iso(nextChange(r, at("2026-03-07T18:00:00Z"))), "2026-03-07T22:00:00.000Z"); // Saturday 17:00 EST
  // A window inside the skipped hour never opens; one across it opens when the clock jumps in.
  const skipped = rule("America/New_York", { sunday: [{ start: "02:00", end: "03:00" }] });
  assertEquals(iso(nextChange(skipped, at("2026-03-08T06:00:00Z"))), "2026-03-15T06:00:00.000Z"); // the next Sunday, 02:00 EDT
  const across = rule("America/New_York", { sunday: [{ start: "02:30", end: "03:30" }] });
  assertEquals(isOpen(across, at("2026-03-08T06:59:59Z")), false); // 01:59:59 EST
  assertEquals(isOpen(across, at("2026-03-08T07:00:00Z")), true); // 03:00 EDT
  assertEquals(iso(nextChange(across, at("2026-03-08T06:00:00Z"))), "2026-03-08T07:00:00.000Z");
  assertEquals(iso(nextChange(across, at("2026-03-08T07:00:00Z"))), "2026-03-08T07:30:00.000Z");
  assertEquals(iso(currentSince(across, at("2026-03-08T07:10:00Z"))), "2026-03-08T07:00:00.000Z");
});

Deno.test("America/New_York, fall back (1 November 2026, 02:00 EDT becomes 01:00 EST): the repeated hour is open both times", () => {
  const r = rule("America/New_York", { sunday: [{ start: "01:00", end: "01:30" }] });
  assertEquals(isOpen(r, at("2026-11-01T05:10:00Z")), true); // 01:10 EDT
  assertEquals(isOpen(r, at("2026-11-01T05:40:00Z")), false); // 01:40 EDT
  assertEquals(isOpen(r, at("2026-11-01T06:10:00Z")), true); // 01:10 EST
  assertEquals(iso(nextChange(r, at("2026-11-01T05:10:00Z"))), "2026-11-01T05:30:00.000Z");
  assertEquals(iso(nextChange(r, at("2026-11-01T05:40:00Z"))), "2026-11-01T06:00:00.000Z");
  assertEquals(iso(nextChange(r, at("2026-11-01T06:10:00Z"))), "2026-11-01T06:30:00.000Z");
  // The clock jumping back into a window opens it at the jump, not at a window edge.
  const late = rule("America/New_York", { sunday: [{ start: "00:30", end: "01:30" }] });
  assertEquals(iso(nextChange(late, at("2026-11-01T05:45:00Z"))), "2026-11-01T06:00:00.000Z");
  assertEquals(iso(currentSince(late, at("2026-11-01T06:10:00Z"))), "2026-11-01T06:00:00.000Z");
  // 09:00-17:00 is nine wall-clock hours on the 25-hour day too.
  const day = rule("America/New_York", nineToFive);
  assertEquals(iso(nextChange(day, at("2026-11-01T12:00:00Z"))), "2026-11-01T14:00:00.000Z"); // 09:00 EST
  assertEquals(iso(nextChange(day, at("2026-10-31T12:00:00Z"))), "2026-10-31T13:00:00.000Z"); // 09:00 EDT the day before
});

Deno.test("Europe/Berlin, both changes (29 March and 25 October 2026)", () => {
  const r = rule("Europe/Berlin", nineToFive);
  assertEquals(iso(nextChange(r, at("2026-03-28T20:00:00Z"))), "2026-03-29T07:00:00.000Z"); // 09:00 CEST
  assertEquals(iso(nextChange(r, at("2026-03-29T07:00:00Z"))), "2026-03-29T15:00:00.000Z"); // 17:00 CEST
  assertEquals(iso(nextChange(r, at("2026-10-24T20:00:00Z"))), "2026-10-25T08:00:00.000Z"); // 09:00 CET
  const night = rule("Europe/Berlin", { sunday: [{ start: "02:00", end: "03:00" }] });
  // Spring: 02:00-03:00 does not exist. Autumn: 02:00-03:00 happens twice, open both times.
  assertEquals(isOpen(night, at("2026-03-29T01:00:00Z")), false); // 03:00 CEST
  assertEquals(isOpen(night, at("2026-10-25T00:30:00Z")), true); // 02:30 CEST
  assertEquals(isOpen(night, at("2026-10-25T01:30:00Z")), true); // 02:30 CET
  assertEquals(iso(nextChange(night, at("2026-10-25T00:30:00Z"))), "2026-10-25T02:00:00.000Z"); // open throughout, closes at 03:00 CET
});

Deno.test("Australia/Sydney, both changes (5 April and 4 October 2026)", () => {
  const r = rule("Australia/Sydney", nineToFive);
  // 5 April: 03:00 AEDT becomes 02:00 AEST; 09:00 AEST is 23:00 UTC the day before.
  assertEquals(iso(nextChange(r, at("2026-04-04T12:00:00Z"))), "2026-04-04T23:00:00.000Z");
  assertEquals(isOpen(r, at("2026-04-04T22:30:00Z")), false); // 08:30 AEST
  // 4 October: 02:00 AEST becomes 03:00 AEDT; 09:00 AEDT is 22:00 UTC the day before.
  assertEquals(iso(nextChange(r, at("2026-10-03T12:00:00Z"))), "2026-10-03T22:00:00.000Z");
  assertEquals(isOpen(r, at("2026-10-04T05:59:00Z")), true); // 16:59 AEDT
  assertEquals(isOpen(r, at("2026-10-04T06:00:00Z")), false); // 17:00 AEDT
});

const weekdays = { monday: nineToFive, tuesday: nineToFive, wednesday: nineToFive, thursday: nineToFive, friday: nineToFive };

Deno.test("a holiday closed all day, and a holiday with its own hours", () => {
  const closed = rule("Europe/Berlin", weekdays, [{ name: "Christmas", date: "2026-12-25", repeatsYearly: false, windows: [] }]);
  assertEquals(isOpen(closed, at("2026-12-25T11:00:00Z")), false); // Friday noon
  assertEquals(isOpen(closed, at("2026-12-24T11:00:00Z")), true);
  assertEquals(iso(nextChange(closed, at("2026-12-24T15:30:00Z"))), "2026-12-24T16:00:00.000Z");
  assertEquals(iso(nextChange(closed, at("2026-12-24T16:00:00Z"))), "2026-12-28T08:00:00.000Z"); // Monday
  const short = rule("Europe/Berlin", weekdays, [{ name: "Short day", date: "2026-12-31", repeatsYearly: false, windows: [{ start: "10:00", end: "12:00" }] }]);
  assertEquals(isOpen(short, at("2026-12-31T08:30:00Z")), false); // 09:30
  assertEquals(isOpen(short, at("2026-12-31T09:00:00Z")), true); // 10:00
  // A holiday opens a weekend day too.
  const saturday = rule("Europe/Berlin", weekdays, [{ name: "Open day", date: "2026-11-28", repeatsYearly: false, windows: nineToFive }]);
  assertEquals(isOpen(saturday, at("2026-11-28T10:00:00Z")), true);
});

Deno.test("a holiday range covers every day to its end date, also across the year's end when yearly", () => {
  const range = rule("UTC", weekdays, [{ name: "Works holiday", date: "2026-08-03", endDate: "2026-08-14", repeatsYearly: false, windows: [] }]);
  assertEquals(isOpen(range, at("2026-08-03T10:00:00Z")), false);
  assertEquals(isOpen(range, at("2026-08-14T10:00:00Z")), false);
  assertEquals(isOpen(range, at("2026-08-17T10:00:00Z")), true);
  const winter = rule("UTC", weekdays, [{ name: "Winter break", date: "2025-12-24", endDate: "2026-01-02", repeatsYearly: true, windows: [] }]);
  assertEquals(isOpen(winter, at("2031-01-02T10:00:00Z")), false); // Thursday, the range begun in 2030
  assertEquals(isOpen(winter, at("2030-12-24T10:00:00Z")), false);
  assertEquals(isOpen(winter, at("2031-01-03T10:00:00Z")), true); // Friday
});

Deno.test("a yearly holiday in a later year, and on 29 February only in leap years", () => {
  const yearly = rule("America/New_York", weekdays, [{ name: "Independence Day", date: "2026-07-04", repeatsYearly: true, windows: [] }]);
  assertEquals(isOpen(yearly, at("2031-07-04T15:00:00Z")), false); // a Friday, 11:00 EDT
  assertEquals(isOpen(yearly, at("2031-07-03T15:00:00Z")), true);
  const once = rule("America/New_York", weekdays, [{ name: "Once", date: "2026-07-03", repeatsYearly: false, windows: [] }]);
  assertEquals(isOpen(once, at("2031-07-03T15:00:00Z")), true);

  const leap = rule("UTC", [], [{ name: "Leap day", date: "2024-02-29", repeatsYearly: true, windows: [{ start: "10:00", end: "11:00" }] }]);
  assertEquals(isOpen(leap, at("2028-02-29T10:30:00Z")), true);
  assertEquals(isOpen(leap, at("2027-02-28T10:30:00Z")), false);
  assertEquals(isOpen(leap, at("2027-03-01T10:30:00Z")), false);
  assertEquals(isOpen(leap, at("2100-02-28T10:30:00Z")), false); // 2100 is not a leap year
  assertEquals(iso(nextChange(leap, at("2025-01-01T00:00:00Z"))), "2028-02-29T10:00:00.000Z");
});

Deno.test("a schedule that never changes has no next change", () => {
  assertEquals(nextChange(rule("UTC", []), at("2026-11-25T00:00:00Z")), null);
  assertEquals(currentSince(rule("UTC", []), at("2026-11-25T00:00:00Z")), null);
  const always = rule("Asia/Kolkata", [{ start: "00:00", end: "24:00" }]);
  assertEquals(isOpen(always, at("2026-11-25T00:00:00Z")), true);
  assertEquals(nextChange(always, at("2026-11-25T00:00:00Z")), null);
});

Deno.test("zones with half-hour offsets and no daylight saving", () => {
  const r = rule("Asia/Kolkata", nineToFive); // UTC+05:30
  assertEquals(iso(nextChange(r, at("2026-11-25T00:00:00Z"))), "2026-11-25T03:30:00.000Z");
});

Deno.test("a week open (or closed) all day every day, with holidays the same, never changes: null at once", () => {
  const allDay = [{ start: "00:00", end: "24:00" }];
  const sameHolidays: Holiday[] = [
    { name: "Open all day", date: "2026-12-25", repeatsYearly: true, windows: allDay },
    { name: "Leap day", date: "2024-02-29", repeatsYearly: true, windows: allDay },
  ];
  for (const zone of ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney"]) {
    const always = rule(zone, allDay, sameHolidays);
    // Across a daylight-saving change too: the clock jumping does not open or close anything.
    for (const t of ["2026-03-08T06:30:00Z", "2026-10-25T00:30:00Z", "2026-12-25T12:00:00Z"]) {
      assertEquals(isOpen(always, at(t)), true);
      assertEquals([nextChange(always, at(t)), currentSince(always, at(t))], [null, null], `${zone} ${t}`);
    }
    const never = rule(zone, [], [{ name: "Closed", date: "2026-12-25", endDate: "2027-01-02", repeatsYearly: true, windows: [] }]);
    assertEquals([isOpen(never, at("2026-12-25T12:00:00Z")), nextChange(never, at("2026-06-01T00:00:00Z")), currentSince(never, at("2026-06-01T00:00:00Z"))], [false, null, null]);
  }
  // A holiday whose windows leave part of the day closed does change an all-open week.
  const halfDay = rule("UTC", allDay, [{ name: "Half day", date: "2026-12-24", repeatsYearly: false, windows: [{ start: "00:00", end: "12:00" }] }]);
  assertEquals(iso(nextChange(halfDay, at("2026-12-01T00:00:00Z"))), "2026-12-24T12:00:00.000Z");
  assertEquals(iso(currentSince(halfDay, at("2026-12-24T13:00:00Z"))), "2026-12-24T12:00:00.000Z");
  assertEquals(iso(nextChange(halfDay, at("2026-12-24T13:00:00Z"))), "2026-12-25T00:00:00.000Z");
  // A one-off holiday long past changes nothing ahead, but the state began when it ended.
  const past = rule("UTC", allDay, [{ name: "Closed once", date: "2026-01-05", repeatsYearly: false, windows: [] }]);
  assertEquals(nextChange(past, at("2026-06-01T00:00:00Z")), null);
  assertEquals(iso(currentSince(past, at("2026-06-01T00:00:00Z"))), "2026-01-06T00:00:00.000Z");
  assertEquals(currentSince(past, at("2031-06-01T00:00:00Z")), null); // more than four years back
});

Deno.test("a far-away yearly holiday as the only change: its wall-clock start and end, in the right year", () => {
  const allDay = [{ start: "00:00", end: "24:00" }];
  const christmas = rule("Europe/Berlin", allDay, [{ name: "Christmas", date: "2020-12-25", endDate: "2020-12-26", repeatsYearly: true, windows: [] }]);
  assertEquals(iso(nextChange(christmas, at("2027-01-10T12:00:00Z"))), "2027-12-24T23:00:00.000Z"); // 25 December 00:00 CET
  assertEquals(iso(currentSince(christmas, at("2027-01-10T12:00:00Z"))), "2026-12-26T23:00:00.000Z"); // 27 December 00:00 CET
  assertEquals(iso(nextChange(christmas, at("2027-12-25T12:00:00Z"))), "2027-12-26T23:00:00.000Z");
  // Closed every day but a yearly 29 February, in New York: the next one is 2028's, the last 2024's.
  const leap = rule("America/New_York", [], [{ name: "Leap day", date: "2024-02-29", repeatsYearly: true, windows: [{ start: "10:00", end: "11:00" }] }]);
  assertEquals(iso(nextChange(leap, at("2025-03-01T00:00:00Z"))), "2028-02-29T15:00:00.000Z");
  assertEquals(iso(currentSince(leap, at("2027-12-31T00:00:00Z"))), "2024-02-29T16:00:00.000Z");
  assertEquals(iso(nextChange(leap, at("2028-02-29T15:30:00Z"))), "2028-02-29T16:00:00.000Z");
});
