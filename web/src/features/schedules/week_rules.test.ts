import { describe, expect, it } from "vitest";
import type { Weekly } from "../../api/schedules";
import { cleanWeek, copyMondayToWeekdays, emptyWeek, nextWindow, normalTime, weekProblem, windowsProblem, windowsText } from "./week_rules";

const w = (start: string, end: string) => ({ start, end });

describe("adding a window", () => {
  it("proposes office hours on an empty day, then the hour after the last window", () => {
    expect(nextWindow([])).toEqual(w("09:00", "17:00"));
    expect(nextWindow([w("09:00", "12:00")])).toEqual(w("13:00", "14:00"));
    expect(nextWindow([w("13:00", "14:00"), w("08:00", "09:00")])).toEqual(w("15:00", "16:00"));
    expect(nextWindow([w("09:00", "22:30")])).toEqual(w("23:30", "24:00"));
  });
  it("has nothing to propose on a full day or after a window that ends the day", () => {
    expect(nextWindow([w("09:00", "23:00")])).toBeNull();
    expect(nextWindow([w("20:00", "24:00")])).toBeNull();
    expect(nextWindow(["01", "03", "05", "07", "09", "11"].map((h) => w(`${h}:00`, `${h}:30`)))).toBeNull();
  });
  it("goes on from the last window it can read", () => {
    expect(nextWindow([w("09:00", "12:00"), w("", "")])).toEqual(w("13:00", "14:00"));
  });
});

describe("Copy Monday to weekdays", () => {
  it("copies Monday to Tuesday through Friday and leaves the weekend", () => {
    const week: Weekly = { ...emptyWeek(), monday: [w("08:00", "17:00")], tuesday: [w("10:00", "11:00")], saturday: [w("10:00", "14:00")] };
    const copied = copyMondayToWeekdays(week);
    for (const day of ["monday", "tuesday", "wednesday", "thursday", "friday"] as const) expect(copied[day]).toEqual([w("08:00", "17:00")]);
    expect(copied.saturday).toEqual([w("10:00", "14:00")]);
    expect(copied.sunday).toEqual([]);
    // Copies, not the same objects: editing Tuesday later leaves Monday.
    expect(copied.tuesday[0]).not.toBe(copied.monday[0]);
  });
});

describe("checks, in the server's words", () => {
  it("wants HH:MM times from 00:00 to 24:00", () => {
    expect(windowsProblem("Monday", [w("9:00", "17:00")])).toBeNull();
    expect(windowsProblem("Monday", [w("9", "17:00")])).toBe("Times must be written HH:MM, from 00:00 to 24:00");
    expect(windowsProblem("Monday", [w("09:00", "24:30")])).toBe("Times must be written HH:MM, from 00:00 to 24:00");
    expect(windowsProblem("Monday", [w("24:00", "24:00")])).toBe("24:00 can only end a time window");
  });
  it("wants each end after its start", () => {
    expect(windowsProblem("Monday", [w("17:00", "09:00")])).toBe("End time must be after start time");
    expect(windowsProblem("Monday", [w("09:00", "09:00")])).toBe("End time must be after start time");
  });
  it("refuses windows that overlap or touch, naming the day", () => {
    expect(windowsProblem("Monday", [w("12:00", "17:00"), w("09:00", "12:30")])).toBe("Time windows on Monday overlap");
    expect(windowsProblem("Christmas", [w("09:00", "12:00"), w("12:00", "17:00")])).toBe("Time windows on Christmas overlap");
    expect(windowsProblem("Monday", [w("13:00", "17:00"), w("09:00", "12:00")])).toBeNull();
  });
  it("names the first day that is wrong", () => {
    expect(weekProblem(emptyWeek())).toBeNull();
    expect(weekProblem({ ...emptyWeek(), thursday: [w("09:00", "12:00"), w("11:00", "13:00")], friday: [w("5", "6")] }))
      .toBe("Time windows on Thursday overlap");
  });
});

describe("the week as sent", () => {
  it("has every day, times padded, windows in time order", () => {
    const sent = cleanWeek({ ...emptyWeek(), monday: [w("13:00", "17:00"), w(" 8:00", "12:00")] });
    expect(Object.keys(sent)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(sent.monday).toEqual([w("08:00", "12:00"), w("13:00", "17:00")]);
    expect(normalTime("7:05")).toBe("07:05");
  });
  it("reads as text", () => {
    expect(windowsText([w("09:00", "12:00"), w("13:00", "17:00")], "Closed all day")).toBe("09:00–12:00, 13:00–17:00");
    expect(windowsText([], "Closed all day")).toBe("Closed all day");
  });
});
