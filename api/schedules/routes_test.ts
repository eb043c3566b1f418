// Schedule and holiday calendar calls (spec 3 §1): every call, rule and message.
// Anonymous and member callers are refused by the authorization matrix
// (auth/access_matrix_test.ts), which covers these routes as it does every route.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

const week = (windows: { start: string; end: string }[] = []) => ({
  monday: windows,
  tuesday: windows,
  wednesday: windows,
  thursday: windows,
  friday: windows,
  saturday: [],
  sunday: [],
});
const office = { name: "Office hours", timeZone: "Europe/Berlin", weekly: week([{ start: "08:00", end: "18:00" }]) };

describeApp("schedules", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const { request } = await login("admin@example.com");
  const make = async (body: unknown) => {
    const res = await request("POST", "/api/schedules", { body });
    assertEquals(res.status, 201, res.text);
    return res.json;
  };

  await t.step("POST makes a schedule: every day present, windows in time order, used by nothing", async () => {
    const res = await request("POST", "/api/schedules", {
      body: { ...office, name: "  Office hours  ", description: "Staff", weekly: { monday: [{ start: "13:00", end: "18:00" }, { start: "08:00", end: "12:00" }] } },
    });
    assertEquals(res.status, 201, res.text);
    assertEquals(res.json.name, "Office hours");
    assertEquals(res.json.description, "Staff");
    assertEquals(res.json.timeZone, "Europe/Berlin");
    assertEquals(res.json.weekly, { ...week(), monday: [{ start: "08:00", end: "12:00" }, { start: "13:00", end: "18:00" }] });
    assertEquals(res.json.holidayCalendarId, null);
    assertEquals(res.json.usedBy, { grants: 0, rooms: 0 });
    assert(res.json.createdAt && res.json.updatedAt);
  });

  await t.step("names are unique regardless of case: 409", async () => {
    const res = await request("POST", "/api/schedules", { body: { ...office, name: "OFFICE HOURS" } });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "A schedule with this name already exists");
  });

  await t.step("the spec's 400s, and nothing is made", async () => {
    const cases: [string, unknown, string][] = [
      ["no name", { ...office, name: "" }, "Schedule name is required"],
      ["a blank name", { ...office, name: "   " }, "Schedule name is required"],
      ["a name too long", { ...office, name: "x".repeat(101) }, "Schedule name must be at most 100 characters"],
      ["an unknown zone", { ...office, name: "A", timeZone: "Mars/Olympus" }, "Unknown time zone"],
      ["no zone", { name: "A", weekly: week() }, "Unknown time zone"],
      ["an end before the start", { ...office, name: "A", weekly: { monday: [{ start: "10:00", end: "09:00" }] } }, "End time must be after start time"],
      ["an empty window", { ...office, name: "A", weekly: { friday: [{ start: "10:00", end: "10:00" }] } }, "End time must be after start time"],
      ["overlapping windows", { ...office, name: "A", weekly: { monday: [{ start: "08:00", end: "12:00" }, { start: "11:00", end: "13:00" }] } }, "Time windows on Monday overlap"],
      ["touching windows", { ...office, name: "A", weekly: { sunday: [{ start: "08:00", end: "12:00" }, { start: "12:00", end: "13:00" }] } }, "Time windows on Sunday overlap"],
      ["seven windows", { ...office, name: "A", weekly: { monday: ["00", "02", "04", "06", "08", "10", "12"].map((h) => ({ start: `${h}:00`, end: `${h}:30` })) } }, "At most 6 time windows on Monday"],
      ["24:00 as a start", { ...office, name: "A", weekly: { monday: [{ start: "24:00", end: "24:00" }] } }, "24:00 can only end a time window"],
      ["a bad time", { ...office, name: "A", weekly: { monday: [{ start: "9:00", end: "17:00" }] } }, "Times must be written HH:MM, from 00:00 to 24:00"],
      ["24:30", { ...office, name: "A", weekly: { monday: [{ start: "09:00", end: "24:30" }] } }, "Times must be written HH:MM, from 00:00 to 24:00"],
      ["an unknown day", { ...office, name: "A", weekly: { mondy: [] } }, "Weekly time windows are given per day, monday to sunday"],
      ["no week", { name: "A", timeZone: "UTC" }, "Weekly time windows are required"],
      ["an unknown calendar", { ...office, name: "A", holidayCalendarId: 999999 }, "Holiday calendar not found"],
      ["a calendar id that is not one", { ...office, name: "A", holidayCalendarId: "1" }, "Holiday calendar must be a holiday calendar's id or null"],
      ["a description too long", { ...office, name: "A", description: "x".repeat(1001) }, "Description must be at most 1000 characters"],
    ];
    for (const [what, body, message] of cases) {
      const res = await request("POST", "/api/schedules", { body });
      assertEquals([what, res.status, res.json.error], [what, 400, message]);
    }
    assertEquals((await sql`select count(*)::int as n from schedules`)[0].n, 1);
    // 1000 characters is the longest description (after trimming).
    const longest = await request("POST", "/api/schedules", { body: { ...office, name: "Long", description: ` ${"x".repeat(1000)} ` } });
    assertEquals([longest.status, longest.json.description?.length], [201, 1000], longest.text);
    await request("DELETE", `/api/schedules/${longest.json.id}`);
  });

  await t.step("GET lists by name with usedBy; GET one adds openNow and nextChange; 404", async () => {
    await make({ name: "always", timeZone: "UTC", weekly: Object.fromEntries(Object.keys(week()).map((d) => [d, [{ start: "00:00", end: "24:00" }]])) });
    const list = await request("GET", "/api/schedules");
    assertEquals(list.status, 200);
    assertEquals(list.json.map((s: { name: string }) => s.name), ["always", "Office hours"]);
    const always = list.json[0];
    const one = await request("GET", `/api/schedules/${always.id}`);
    assertEquals([one.json.openNow, one.json.nextChange], [true, null]);
    const closed = await make({ name: "Never", timeZone: "UTC", weekly: week() });
    assertEquals((await request("GET", `/api/schedules/${closed.id}`)).json.openNow, false);
    const missing = await request("GET", "/api/schedules/999999");
    assertEquals([missing.status, missing.json.error], [404, "Schedule not found"]);
    assertEquals((await request("GET", "/api/schedules/abc")).status, 400);
  });

  await t.step("nextChange is the next window edge, as an ISO time", async () => {
    const now = new Date();
    const hh = (d: Date) => d.toISOString().slice(11, 13);
    // A window starting at the next whole hour (UTC), unless that wraps past midnight.
    const start = new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000);
    if (hh(start) === "00") return; // within the last hour of the UTC day: nothing plain to test
    const day = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][now.getUTCDay()];
    const s = await make({ name: "Soon", timeZone: "UTC", weekly: { [day]: [{ start: `${hh(start)}:00`, end: "24:00" }] } });
    const one = await request("GET", `/api/schedules/${s.id}`);
    assertEquals([one.json.openNow, one.json.nextChange], [false, start.toISOString()]);
  });

  await t.step("PUT replaces the whole schedule, honours If-Match, refuses a taken name; 404", async () => {
    const s = await make({ name: "Cleaners", timeZone: "America/New_York", weekly: week([{ start: "18:00", end: "22:00" }]) });
    const res = await request("PUT", `/api/schedules/${s.id}`, { body: { name: "Cleaning crew", timeZone: "America/Chicago", weekly: { saturday: [{ start: "06:00", end: "10:00" }] } } });
    assertEquals(res.status, 200, res.text);
    assertEquals([res.json.name, res.json.timeZone, res.json.description], ["Cleaning crew", "America/Chicago", null]);
    assertEquals(res.json.weekly, { ...week(), saturday: [{ start: "06:00", end: "10:00" }] });
    const stale = await request("PUT", `/api/schedules/${s.id}`, { body: { ...office, name: "Late" }, headers: { "if-match": `"${s.updatedAt}"` } });
    assertEquals(stale.status, 412);
    assertEquals(stale.json.current.name, "Cleaning crew");
    const taken = await request("PUT", `/api/schedules/${s.id}`, { body: office });
    assertEquals([taken.status, taken.json.error], [409, "A schedule with this name already exists"]);
    const bad = await request("PUT", `/api/schedules/${s.id}`, { body: { ...office, name: "B", weekly: { monday: [{ start: "10:00", end: "09:00" }] } } });
    assertEquals([bad.status, bad.json.error], [400, "End time must be after start time"]);
    assertEquals((await request("GET", `/api/schedules/${s.id}`)).json.name, "Cleaning crew");
    const missing = await request("PUT", "/api/schedules/999999", { body: office });
    assertEquals([missing.status, missing.json.error], [404, "Schedule not found"]);
  });

  await t.step("DELETE: in use by a grant or a room is 409; unused goes; 404 after", async () => {
    const s = await make({ name: "Doomed", timeZone: "UTC", weekly: week() });
    const [group] = await sql`insert into groups (name) values ('Crew') returning id`;
    const [room] = await sql`insert into rooms (name) values ('Dock') returning id`;
    assertEquals((await request("POST", `/api/groups/${group.id}/rooms/${room.id}`, { body: { scheduleId: s.id } })).status, 201);
    const inUse = await request("DELETE", `/api/schedules/${s.id}`);
    assertEquals([inUse.status, inUse.json.error], [409, "This schedule is in use: remove it from its grants and rooms first"]);
    assertEquals((await request("GET", `/api/schedules/${s.id}`)).json.usedBy, { grants: 1, rooms: 0 });
    await request("PUT", `/api/groups/${group.id}/rooms/${room.id}`, { body: { scheduleId: null } });
    const put = await request("PUT", `/api/rooms/${room.id}`, { body: { name: "Dock", unlockScheduleId: s.id } });
    assertEquals(put.json.unlockScheduleId, s.id);
    assertEquals((await request("GET", `/api/schedules/${s.id}`)).json.usedBy, { grants: 0, rooms: 1 });
    assertEquals((await request("DELETE", `/api/schedules/${s.id}`)).status, 409);
    await request("PUT", `/api/rooms/${room.id}`, { body: { name: "Dock", unlockScheduleId: null } });
    const gone = await request("DELETE", `/api/schedules/${s.id}`);
    assertEquals([gone.status, gone.json], [200, { success: true, id: s.id }]);
    assertEquals((await request("DELETE", `/api/schedules/${s.id}`)).status, 404);
  });
});

describeApp("holiday calendars", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const { request } = await login("admin@example.com");
  const christmas = { name: "Christmas", date: "2026-12-25", repeatsYearly: true, windows: [] };
  let id = 0;

  await t.step("POST makes a calendar, holidays in date order with their defaults", async () => {
    const res = await request("POST", "/api/holiday-calendars", {
      body: {
        name: "Germany",
        holidays: [christmas, { name: "New Year", date: "2026-01-01" }, { name: "Works outing", date: "2026-06-01", endDate: "2026-06-03", windows: [{ start: "10:00", end: "12:00" }] }],
      },
    });
    assertEquals(res.status, 201, res.text);
    id = res.json.id;
    assertEquals(res.json.name, "Germany");
    assertEquals(res.json.holidays, [
      { name: "New Year", date: "2026-01-01", endDate: null, repeatsYearly: false, windows: [] },
      { name: "Works outing", date: "2026-06-01", endDate: "2026-06-03", repeatsYearly: false, windows: [{ start: "10:00", end: "12:00" }] },
      { ...christmas, endDate: null },
    ]);
    assertEquals(res.json.usedBy, { schedules: 0 });
  });

  await t.step("400s and 409, and nothing is made", async () => {
    const cases: [string, unknown, number, string][] = [
      ["no name", { holidays: [] }, 400, "Holiday calendar name is required"],
      ["a taken name", { name: "GERMANY" }, 409, "A holiday calendar with this name already exists"],
      ["holidays not a list", { name: "A", holidays: {} }, 400, "Holidays must be a list of holidays"],
      ["a holiday without a name", { name: "A", holidays: [{ date: "2026-01-01" }] }, 400, "Every holiday needs a name of at most 100 characters"],
      ["30 February", { name: "A", holidays: [{ name: "X", date: "2026-02-30" }] }, 400, "Holiday date must be a real date written YYYY-MM-DD"],
      // Dates the format check refuses first: each a 400 naming its field, never a 500.
      ...["2026-13-01", "2026-01-32", "2026-1-1", "10000-01-01", "2026-01-01T00:00:00Z", "0000-01-01", "", " 2026-01-01"].flatMap(
        (bad): [string, unknown, number, string][] => [
          [`date ${bad}`, { name: "A", holidays: [{ name: "X", date: bad }] }, 400, "Holiday date must be a real date written YYYY-MM-DD"],
          [`endDate ${bad}`, { name: "A", holidays: [{ name: "X", date: "2026-01-01", endDate: bad }] }, 400, "Holiday endDate must be a real date written YYYY-MM-DD, or null"],
        ],
      ),
      ["a date that is a number", { name: "A", holidays: [{ name: "X", date: 20260101 }] }, 400, "Holiday date must be a real date written YYYY-MM-DD"],
      ["an end before the date", { name: "A", holidays: [{ name: "X", date: "2026-05-02", endDate: "2026-05-01" }] }, 400, "A holiday cannot end before it starts"],
      ["32 days", { name: "A", holidays: [{ name: "X", date: "2026-05-01", endDate: "2026-06-02" }] }, 400, "A holiday can end at most 31 days after it starts"],
      ["overlapping windows", { name: "A", holidays: [{ name: "Eve", date: "2026-12-24", windows: [{ start: "08:00", end: "12:00" }, { start: "09:00", end: "10:00" }] }] }, 400, "Time windows on Eve overlap"],
      ["an unknown field", { name: "A", holidays: [{ name: "X", date: "2026-05-01", closed: true }] }, 400, "A holiday has a name, date, endDate, repeatsYearly and windows, nothing else"],
      ["367 holidays", { name: "A", holidays: Array.from({ length: 367 }, (_, n) => ({ name: `H${n}`, date: "2026-01-01" })) }, 400, "A holiday calendar holds at most 366 holidays"],
    ];
    for (const [what, body, status, message] of cases) {
      const res = await request("POST", "/api/holiday-calendars", { body });
      assertEquals([what, res.status, res.json.error], [what, status, message]);
    }
    assertEquals((await sql`select count(*)::int as n from holiday_calendars`)[0].n, 1);
    // 31 days after is the longest.
    const longest = await request("POST", "/api/holiday-calendars", { body: { name: "Summer", holidays: [{ name: "X", date: "2026-07-01", endDate: "2026-08-01" }] } });
    assertEquals(longest.status, 201, longest.text);
  });

  await t.step("GET lists by name; GET one; 404", async () => {
    const list = await request("GET", "/api/holiday-calendars");
    assertEquals(list.json.map((c: { name: string }) => c.name), ["Germany", "Summer"]);
    assertEquals((await request("GET", `/api/holiday-calendars/${id}`)).json.holidays.length, 3);
    const missing = await request("GET", "/api/holiday-calendars/999999");
    assertEquals([missing.status, missing.json.error], [404, "Holiday calendar not found"]);
  });

  await t.step("PUT replaces it; a schedule uses it; in use it cannot be deleted (409)", async () => {
    const put = await request("PUT", `/api/holiday-calendars/${id}`, { body: { name: "Deutschland", holidays: [christmas] } });
    assertEquals(put.status, 200, put.text);
    assertEquals([put.json.name, put.json.holidays.length], ["Deutschland", 1]);
    const schedule = await request("POST", "/api/schedules", { body: { ...office, holidayCalendarId: id } });
    assertEquals(schedule.json.holidayCalendarId, id);
    assertEquals((await request("GET", `/api/holiday-calendars/${id}`)).json.usedBy, { schedules: 1 });
    const inUse = await request("DELETE", `/api/holiday-calendars/${id}`);
    assertEquals([inUse.status, inUse.json.error], [409, "This holiday calendar is in use: remove it from its schedules first"]);
    await request("PUT", `/api/schedules/${schedule.json.id}`, { body: { ...office, holidayCalendarId: null } });
    const gone = await request("DELETE", `/api/holiday-calendars/${id}`);
    assertEquals([gone.status, gone.json], [200, { success: true, id }]);
    assertEquals((await request("PUT", `/api/holiday-calendars/${id}`, { body: { name: "X" } })).status, 404);
  });

  await t.step("PUT honours If-Match (412 with the current calendar), refuses a taken name (409); DELETE of an unknown id is 404", async () => {
    const made = await request("POST", "/api/holiday-calendars", { body: { name: "Austria", holidays: [christmas] } });
    assertEquals(made.status, 201, made.text);
    const cal = made.json;
    const edited = await request("PUT", `/api/holiday-calendars/${cal.id}`, { body: { name: "Österreich", holidays: [] }, headers: { "if-match": `"${cal.updatedAt}"` } });
    assertEquals([edited.status, edited.json.name], [200, "Österreich"], edited.text);
    const stale = await request("PUT", `/api/holiday-calendars/${cal.id}`, { body: { name: "Late", holidays: [christmas] }, headers: { "if-match": `"${cal.updatedAt}"` } });
    assertEquals([stale.status, stale.json.code, stale.json.current.name, stale.json.current.updatedAt], [412, "stale", "Österreich", edited.json.updatedAt]);
    // "Summer" is taken, whatever the case.
    const taken = await request("PUT", `/api/holiday-calendars/${cal.id}`, { body: { name: "SUMMER" } });
    assertEquals([taken.status, taken.json.error], [409, "A holiday calendar with this name already exists"]);
    const now = (await request("GET", `/api/holiday-calendars/${cal.id}`)).json;
    assertEquals([now.name, now.holidays, now.updatedAt], ["Österreich", [], edited.json.updatedAt]);
    // Its own name in another case is no clash.
    assertEquals((await request("PUT", `/api/holiday-calendars/${cal.id}`, { body: { name: "ÖSTERREICH" } })).status, 200);
    const missing = await request("DELETE", "/api/holiday-calendars/999999");
    assertEquals([missing.status, missing.json.error], [404, "Holiday calendar not found"]);
  });
});
