import { describe, expect, it } from "vitest";
import { calendarRequest, holidayCount, holidayDates, holidayFormOf, holidayOf, holidayProblem, newHolidayForm, sortHolidays } from "./calendar_form";

const day = (name: string, date: string) => ({ name, date, endDate: null, repeatsYearly: false, windows: [] });

describe("a holiday's checks, in the server's words", () => {
  const form = { ...newHolidayForm(), name: "Christmas", date: "2026-12-25" };
  it("accepts a named day, closed all day", () => {
    expect(holidayProblem(form)).toBeNull();
  });
  it("wants a name, real dates and a sensible end", () => {
    expect(holidayProblem({ ...form, name: " " })).toBe("Every holiday needs a name of at most 100 characters");
    expect(holidayProblem({ ...form, date: "" })).toBe("Holiday date must be a real date written YYYY-MM-DD");
    expect(holidayProblem({ ...form, date: "2026-02-30" })).toBe("Holiday date must be a real date written YYYY-MM-DD");
    expect(holidayProblem({ ...form, endDate: "2026-12-24" })).toBe("A holiday cannot end before it starts");
    expect(holidayProblem({ ...form, endDate: "2027-01-26" })).toBe("A holiday can end at most 31 days after it starts");
    expect(holidayProblem({ ...form, endDate: "2027-01-25" })).toBeNull();
  });
  it("checks its hours like a day's, named for the holiday", () => {
    expect(holidayProblem({ ...form, windows: [{ start: "10:00", end: "12:00" }, { start: "11:00", end: "14:00" }] }))
      .toBe("Time windows on Christmas overlap");
  });
});

describe("a holiday as saved", () => {
  it("is trimmed; an end on its own date is no end", () => {
    const saved = holidayOf({ name: " Boxing Day ", date: "2026-12-26", endDate: "2026-12-26", repeatsYearly: true, windows: [{ start: "9:00", end: "12:00" }] });
    expect(saved).toEqual({ name: "Boxing Day", date: "2026-12-26", endDate: null, repeatsYearly: true, windows: [{ start: "09:00", end: "12:00" }] });
    expect(holidayFormOf(saved)).toEqual({ name: "Boxing Day", date: "2026-12-26", endDate: "", repeatsYearly: true, windows: saved.windows });
  });
  it("goes in date order, then by name", () => {
    const holidays = [day("New Year", "2027-01-01"), day("B", "2026-12-25"), day("A", "2026-12-25")];
    expect(sortHolidays(holidays).map((h) => h.name)).toEqual(["A", "B", "New Year"]);
    expect(calendarRequest(" Berlin office ", holidays)).toEqual({ name: "Berlin office", holidays: sortHolidays(holidays) });
  });
});

describe("how a holiday reads", () => {
  it("shows its dates, without the year when it repeats", () => {
    expect(holidayDates(day("Christmas", "2026-12-25"))).toBe("25 December 2026");
    expect(holidayDates({ date: "2026-12-24", endDate: "2027-01-02", repeatsYearly: true })).toBe("24 December – 2 January");
    expect(holidayDates({ date: "2026-12-24", endDate: "2027-01-02", repeatsYearly: false })).toBe("24 December 2026 – 2 January 2027");
  });
  it("counts them", () => {
    expect(holidayCount({ holidays: [day("A", "2026-01-01")] })).toBe("1 holiday");
    expect(holidayCount({ holidays: [] })).toBe("0 holidays");
  });
});
