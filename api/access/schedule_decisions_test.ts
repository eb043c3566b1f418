// Decisions on a schedule (spec 3 §1): outside_schedule after no_group_access, one
// open grant is enough, a grant without a schedule admits at all times. Schedules
// are open all week or never, so the real clock decides as a door would without
// a test that depends on the hour it runs at.
import { assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "./testing.ts";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
/** Open: every day, all day. Shut: no windows at all. (Edges and zones: schedule_time_test.ts, schedule_sql_test.ts.) */
const weekAround = (open: boolean) => open ? Object.fromEntries(DAYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]])) : {};
/** A plain date some days from today (UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeApp("decisions on a schedule", async (t, testApp) => {
  const b = await building(testApp);
  const decide = async () => (await b.device("POST", "/api/access/decisions", { body: { credential: CARD } })).json;
  const schedule = async (name: string, open: boolean) =>
    (await b.admin.request("POST", "/api/schedules", { body: { name, timeZone: "UTC", weekly: weekAround(open) } })).json.id as number;
  const setGrant = (groupId: number, scheduleId: number | null) =>
    b.admin.request("PUT", `/api/groups/${groupId}/rooms/${b.roomId}`, { body: { scheduleId } });
  const open = await schedule("Open now", true);
  const shut = await schedule("Shut now", false);

  await t.step("a grant whose schedule is shut now: denied, outside_schedule, logged with the spec's message", async () => {
    assertEquals((await setGrant(b.groupId, shut)).status, 200);
    const d = await decide();
    assertEquals([d.decision, d.reason, d.message], ["denied", "outside_schedule", "Outside the allowed hours for this room"]);
    const [log] = await testApp.sql`select outcome, reason from access_logs where id = ${d.logId}`;
    assertEquals([log.outcome, log.reason], ["denied", "Outside the allowed hours for this room"]);
  });

  await t.step("its schedule open now: granted", async () => {
    await setGrant(b.groupId, open);
    assertEquals((await decide()).decision, "granted");
  });

  await t.step("a grant on Always admits at all times", async () => {
    await setGrant(b.groupId, null);
    assertEquals((await decide()).decision, "granted");
  });

  await t.step("one open grant among the user's groups is enough", async () => {
    await setGrant(b.groupId, shut);
    const [other] = await testApp.sql`insert into groups (name) values ('Night shift') returning id`;
    await testApp.sql`insert into user_groups (user_id, group_id) values (${b.userId}, ${other.id})`;
    await b.admin.request("POST", `/api/groups/${other.id}/rooms/${b.roomId}`, { body: { scheduleId: open } });
    assertEquals((await decide()).decision, "granted");
    // That group deactivated, its open grant counts no more.
    await b.admin.request("PATCH", `/api/groups/${other.id}/toggle-active`);
    assertEquals((await decide()).reason, "outside_schedule");
  });

  await t.step("no group holding the room is still no_group_access, before any schedule", async () => {
    await b.admin.request("DELETE", `/api/groups/${b.groupId}/rooms/${b.roomId}`);
    assertEquals((await decide()).reason, "no_group_access");
  });

  await t.step("a holiday closes an otherwise open schedule for the day", async () => {
    // Yesterday to tomorrow: today in every zone, whenever the test runs.
    const holiday = { name: "Off", date: dayFromToday(-1), endDate: dayFromToday(1) };
    const calendar = (await b.admin.request("POST", "/api/holiday-calendars", { body: { name: "Days off", holidays: [holiday] } })).json.id;
    await b.admin.request("POST", `/api/groups/${b.groupId}/rooms/${b.roomId}`, { body: { scheduleId: open } });
    assertEquals((await decide()).decision, "granted");
    const res = await b.admin.request("PUT", `/api/schedules/${open}`, { body: { name: "Open now", timeZone: "UTC", weekly: weekAround(true), holidayCalendarId: calendar } });
    assertEquals(res.status, 200, res.text);
    assertEquals((await decide()).reason, "outside_schedule");
  });
});
