// When a pass works, on a fixed clock (spec 4 §5): from 15 minutes before the start
// until the end, never once revoked; and the window a visit may have.
import { assertEquals } from "../testing/assert.ts";
import { passWorks, visitStatus, windowProblem } from "./visit_rules.ts";

const at = (time: string) => new Date(`2026-12-01T${time}Z`);
const visit = { startsAt: at("10:00:00"), endsAt: at("12:00:00"), revokedAt: null };

Deno.test("a pass works from 15 minutes before the start until the end", () => {
  const cases: [string, boolean, string][] = [
    ["09:44:59.999", false, "upcoming"],
    ["09:45:00", true, "active"],
    ["10:00:00", true, "active"],
    ["11:59:59.999", true, "active"],
    ["12:00:00", false, "ended"],
  ];
  for (const [time, works, status] of cases) {
    assertEquals([passWorks(visit, at(time)), visitStatus(visit, at(time))], [works, status], time);
  }
});

Deno.test("a revoked pass never works", () => {
  const revoked = { ...visit, revokedAt: at("09:00:00") };
  for (const time of ["09:50:00", "11:00:00", "13:00:00"]) {
    assertEquals([passWorks(revoked, at(time)), visitStatus(revoked, at(time))], [false, "revoked"], time);
  }
});

Deno.test("a visit's window: after its start, at most 14 days, starting within 90 days, not over", () => {
  const now = at("08:00:00");
  const day = 86_400_000;
  const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);
  assertEquals(windowProblem(at("10:00:00"), at("12:00:00"), now), null);
  assertEquals(windowProblem(at("10:00:00"), at("10:00:00"), now), "The visit must end after it starts");
  assertEquals(windowProblem(at("10:00:00"), at("09:00:00"), now), "The visit must end after it starts");
  assertEquals(windowProblem(at("10:00:00"), plus(at("10:00:00"), 14 * day), now), null);
  assertEquals(windowProblem(at("10:00:00"), plus(at("10:00:01"), 14 * day), now), "A visit lasts at most 14 days");
  assertEquals(windowProblem(plus(now, 90 * day), plus(now, 91 * day), now), null);
  assertEquals(windowProblem(plus(now, 90 * day + 1), plus(now, 91 * day), now), "A visit starts at most 90 days ahead");
  // Under way already: fine while it lasts; not once over.
  assertEquals(windowProblem(at("07:00:00"), at("09:00:00"), now), null);
  assertEquals(windowProblem(at("06:00:00"), at("08:00:00"), now), "The visit must end in the future");
});
