// Schedules' states worked out in the API (open_states.ts): what a process reads,
// and that the decision statement trusts a state only for the rows it was worked
// out from and the time it holds; otherwise it asks schedule_open itself. The
// forged states below say "open" of a schedule that is shut: a decision granted on
// one shows the statement used it, a denial that it did not.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { decideAll } from "../access/decisions.ts";
import { hashDeviceKey } from "../access/device_keys.ts";
import { building, CARD } from "../access/testing.ts";
import { loadOpenStates, type OpenState, openStates } from "./open_states.ts";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const allWeek = Object.fromEntries(DAYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]]));
const weekdaysNineToFive = Object.fromEntries(DAYS.slice(0, 5).map((d) => [d, [{ start: "09:00", end: "17:00" }]]));

describeApp("schedule states worked out in the API", async (t, testApp) => {
  const b = await building(testApp);
  const create = async (body: Record<string, unknown>) =>
    (await b.admin.request("POST", "/api/schedules", { body: { timeZone: "UTC", ...body } })).json.id as number;
  const calendar = (await b.admin.request("POST", "/api/holiday-calendars", { body: { name: "Closures", holidays: [] } }))
    .json.id as number;
  const shut = await create({ name: "Never", weekly: {}, holidayCalendarId: calendar });
  const always = await create({ name: "Always open", weekly: allWeek });
  const office = await create({ name: "Office", timeZone: "Europe/Berlin", weekly: weekdaysNineToFive });
  assertEquals((await b.admin.request("PUT", `/api/groups/${b.groupId}/rooms/${b.roomId}`, { body: { scheduleId: shut } })).status, 200);

  const keyHash = hashDeviceKey(b.apiKey);
  const reason = async (states: OpenState[]) =>
    (await decideAll(testApp.sql, [{ keyHash, credential: CARD, action: "Card Access" }], "on", states))[0]!.reason;
  const stateOf = (states: OpenState[], id: number) => states.find((s) => s.id === id)!;
  /** The states with the shut schedule's forged open, its other fields as given. */
  const forged = (states: OpenState[], fields: Partial<OpenState> = {}) =>
    states.map((s) => s.id === shut ? { ...s, open: true, ...fields } : s);

  await t.step("every schedule's state now and until when it holds, as schedule_time works them out", async () => {
    const states = await loadOpenStates(testApp.sql);
    assertEquals(states.map((s) => s.id).toSorted(), [shut, always, office].toSorted());
    const never = stateOf(states, shut);
    assertEquals([never.open, never.until], [false, null]);
    assertEquals([stateOf(states, always).open, stateOf(states, always).until], [true, null]);
    const work = stateOf(states, office);
    // Weekdays 09:00-17:00 in Berlin changes within three and a half days, whenever this runs.
    assert(work.until !== null && work.until > work.from && work.until - work.from <= 3.5 * 86_400_000, `until ${work.until}`);
    assertEquals(await reason(states), "outside_schedule");
  });

  await t.step("a state for the current rows and this moment is used", async () => {
    assertEquals(await reason(forged(await loadOpenStates(testApp.sql))), "granted");
  });

  await t.step("not once the schedule is edited: the database asks schedule_open", async () => {
    const before = await loadOpenStates(testApp.sql);
    const edited = await b.admin.request("PUT", `/api/schedules/${shut}`, {
      body: { name: "Never (edited)", timeZone: "UTC", weekly: {}, holidayCalendarId: calendar },
    });
    assertEquals(edited.status, 200);
    assert(stateOf(await loadOpenStates(testApp.sql), shut).version !== stateOf(before, shut).version);
    assertEquals(await reason(forged(before)), "outside_schedule");
  });

  await t.step("nor once its holiday calendar is edited", async () => {
    const before = await loadOpenStates(testApp.sql);
    const edited = await b.admin.request("PUT", `/api/holiday-calendars/${calendar}`, {
      body: { name: "Closures", holidays: [{ name: "Inventory", date: "2031-01-02", repeatsYearly: false, windows: [] }] },
    });
    assertEquals(edited.status, 200);
    assertEquals(await reason(forged(before)), "outside_schedule");
  });

  await t.step("nor before or after the time it holds, in the database's clock", async () => {
    const states = await loadOpenStates(testApp.sql);
    const [{ now }] = await testApp.sql<{ now: number }[]>`select (extract(epoch from now()) * 1000)::float8 as now`;
    assertEquals(await reason(forged(states, { from: now - 60_000, until: now + 60_000 })), "granted");
    assertEquals(await reason(forged(states, { from: now + 60_000 })), "outside_schedule");
    assertEquals(await reason(forged(states, { from: now - 120_000, until: now - 60_000 })), "outside_schedule");
  });

  await t.step("a state naming no schedule, or none at all: the database asks", async () => {
    assertEquals(await reason([]), "outside_schedule");
    assertEquals(await reason(forged(await loadOpenStates(testApp.sql), { id: -1 })), "outside_schedule");
  });

  await t.step("decisions read the states in the background: the first asks with none, later ones have them", async () => {
    // Nothing in this file asked before (the steps above hand decideAll their states).
    const ids = () => openStates(testApp.sql).map((s) => s.id);
    assertEquals(ids(), []);
    for (let i = 0; i < 100 && !ids().includes(shut); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assertEquals(ids().toSorted(), [shut, always, office].toSorted());
  });
});
