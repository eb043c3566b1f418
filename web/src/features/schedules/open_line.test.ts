import { describe, expect, it } from "vitest";
import type { HolidayCalendar, Weekly } from "../../api/schedules";
import { calendarUsedBy, openLine, scheduleRule, scheduleUsedBy } from "./open_line";
import { emptyWeek } from "./week_rules";

const office: Weekly = {
  ...emptyWeek(),
  monday: [{ start: "08:00", end: "17:00" }],
  tuesday: [{ start: "08:00", end: "12:00" }, { start: "13:00", end: "17:00" }],
  wednesday: [{ start: "22:00", end: "24:00" }],
  friday: [{ start: "08:00", end: "17:00" }],
};
const rule = (timeZone: string, weekly = office, holidays: HolidayCalendar["holidays"] = []) => ({ timeZone, weekly, holidays });

describe("openLine", () => {
  // 2026-03-02 is a Monday.
  it("says when today's window closes, in the schedule's zone", () => {
    expect(openLine(rule("UTC"), new Date("2026-03-02T10:00:00Z"))).toEqual({ open: true, text: "Open now — closes at 17:00" });
    // 10:00 UTC is 11:00 in Berlin (winter time): the same window, read on Berlin's clock.
    expect(openLine(rule("Europe/Berlin"), new Date("2026-03-02T10:00:00Z")).text).toBe("Open now — closes at 17:00");
    expect(openLine(rule("Europe/Berlin"), new Date("2026-03-02T16:30:00Z")).text).toBe("Closed now — opens Tuesday 08:00");
  });

  it("says 'at' for a change later today and the weekday for a later day", () => {
    expect(openLine(rule("UTC"), new Date("2026-03-03T12:30:00Z")).text).toBe("Closed now — opens at 13:00");
    expect(openLine(rule("UTC"), new Date("2026-03-06T18:00:00Z")).text).toBe("Closed now — opens Monday 08:00");
    // 03:00 UTC on Monday is still Sunday evening in New York; 07:00 UTC is Monday 02:00 there.
    expect(openLine(rule("America/New_York"), new Date("2026-03-02T03:00:00Z")).text).toBe("Closed now — opens Monday 08:00");
    expect(openLine(rule("America/New_York"), new Date("2026-03-02T07:00:00Z")).text).toBe("Closed now — opens at 08:00");
  });

  it("a window ending at midnight closes 'at 24:00'", () => {
    expect(openLine(rule("UTC"), new Date("2026-03-04T23:00:00Z")).text).toBe("Open now — closes at 24:00");
  });

  it("names the date of a change more than six days away", () => {
    const mondays = rule("UTC", { ...emptyWeek(), monday: [{ start: "08:00", end: "17:00" }] }, [
      { name: "Closed", date: "2026-03-09", endDate: null, repeatsYearly: false, windows: [] },
    ]);
    expect(openLine(mondays, new Date("2026-03-02T18:00:00Z")).text).toBe("Closed now — opens Monday 16 March 2026 08:00");
  });

  it("alone when the schedule never changes", () => {
    expect(openLine(rule("UTC", emptyWeek()), new Date("2026-03-02T10:00:00Z"))).toEqual({ open: false, text: "Closed now" });
    const always = Object.fromEntries(Object.keys(emptyWeek()).map((d) => [d, [{ start: "00:00", end: "24:00" }]])) as Weekly;
    expect(openLine(rule("UTC", always), new Date("2026-03-02T10:00:00Z"))).toEqual({ open: true, text: "Open now" });
  });
});

describe("scheduleRule", () => {
  const calendar = { id: 4, holidays: [{ name: "Day off", date: "2026-03-02", endDate: null, repeatsYearly: false, windows: [] }] } as unknown as HolidayCalendar;
  it("takes the holidays of the schedule's calendar when this device has it", () => {
    const schedule = { timeZone: "UTC", weekly: office, holidayCalendarId: 4 };
    expect(scheduleRule(schedule, [calendar]).holidays).toHaveLength(1);
    expect(openLine(scheduleRule(schedule, [calendar]), new Date("2026-03-02T10:00:00Z")).text).toBe("Closed now — opens Tuesday 08:00");
    expect(scheduleRule(schedule, undefined).holidays).toEqual([]);
    expect(scheduleRule({ ...schedule, holidayCalendarId: null }, [calendar]).holidays).toEqual([]);
  });
});

describe("what uses it", () => {
  it("counts grants and rooms, or says it is not used", () => {
    expect(scheduleUsedBy({ grants: 2, rooms: 1 })).toBe("2 grants, 1 room");
    expect(scheduleUsedBy({ grants: 1, rooms: 0 })).toBe("1 grant");
    expect(scheduleUsedBy({ grants: 0, rooms: 3 })).toBe("3 rooms");
    expect(scheduleUsedBy({ grants: 0, rooms: 0 })).toBe("Not used");
    expect(calendarUsedBy({ schedules: 1 })).toBe("1 schedule");
    expect(calendarUsedBy({ schedules: 0 })).toBe("Not used");
  });
});
