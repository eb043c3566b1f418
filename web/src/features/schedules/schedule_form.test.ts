import { describe, expect, it } from "vitest";
import type { Schedule } from "../../api/schedules";
import { newScheduleForm, sameName, scheduleFormOf, scheduleProblem, scheduleRequest } from "./schedule_form";

describe("the schedule form", () => {
  it("starts with the proposed zone, closed all week", () => {
    const form = newScheduleForm("Europe/Berlin");
    expect(form.timeZone).toBe("Europe/Berlin");
    expect(Object.values(form.weekly).every((day) => day.length === 0)).toBe(true);
    expect(form.holidayCalendarId).toBeNull();
  });

  it("is checked as the server would, in its words", () => {
    const form = { ...newScheduleForm("UTC"), name: "Office hours" };
    expect(scheduleProblem(form)).toBeNull();
    expect(scheduleProblem({ ...form, name: "  " })).toBe("Schedule name is required");
    expect(scheduleProblem({ ...form, timeZone: "Mars/Olympus" })).toBe("Unknown time zone");
    expect(scheduleProblem({ ...form, timeZone: "" })).toBe("Unknown time zone");
    expect(scheduleProblem({ ...form, weekly: { ...form.weekly, monday: [{ start: "09:00", end: "12:00" }, { start: "11:00", end: "13:00" }] } }))
      .toBe("Time windows on Monday overlap");
  });

  it("sends the whole schedule, trimmed, with clean windows", () => {
    const form = {
      ...newScheduleForm("UTC"),
      name: "  Office hours ",
      description: "  ",
      weekly: { ...newScheduleForm("UTC").weekly, monday: [{ start: "13:00", end: "17:00" }, { start: "8:00", end: "12:00" }] },
      holidayCalendarId: 3,
    };
    expect(scheduleRequest(form)).toEqual({
      name: "Office hours",
      description: null,
      timeZone: "UTC",
      weekly: { ...form.weekly, monday: [{ start: "08:00", end: "12:00" }, { start: "13:00", end: "17:00" }] },
      holidayCalendarId: 3,
    });
    expect(scheduleRequest({ ...form, description: " Front desk " }).description).toBe("Front desk");
  });

  it("reads a saved schedule back into the form", () => {
    const schedule = { id: 1, name: "A", description: null, timeZone: "UTC", weekly: newScheduleForm("UTC").weekly, holidayCalendarId: null } as Schedule;
    expect(scheduleFormOf(schedule)).toEqual({ name: "A", description: "", timeZone: "UTC", weekly: schedule.weekly, holidayCalendarId: null });
  });

  it("finds the saved schedule an offline create became, by name in any case", () => {
    expect(sameName([{ id: 4, name: "Office Hours" }], { id: -1, name: "office hours" })?.id).toBe(4);
    expect(sameName([{ id: 4, name: "Night" }], { id: -1, name: "office hours" })).toBeUndefined();
  });
});
