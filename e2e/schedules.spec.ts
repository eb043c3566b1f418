// Time-based access (spec 3 §1, issue 15) against the real server: the schedules
// list and its search, Add Schedule with the browser's zone, the week editor and
// the open-now line, validation messages, delete refused while in use, holiday
// calendars; a schedule made in the UI set on a group's grant through SCHEDULE
// deciding a real door's badge (refused outside its window, admitted inside),
// a room unlocked by its schedule; and the screens offline.
import type { APIRequestContext, Page } from "@playwright/test";
import { apiAddMember, apiCreateGroup, apiCreateUser, dashboardSpec, openAddDialog, toasts } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, expectPageMeta, DESKTOP, PHONE, test } from "./fixtures";
import { cutNetwork, outboxSize, restoreNetwork, waitForPersisted, waitForServiceWorker } from "./offline_helpers";
import { answerConfirm, apiAddGroupRoom, apiCreateDevice, apiCreateRoom, uniqueName } from "./spaces";

dashboardSpec(90_000);

type Window = { start: string; end: string };
type ApiSchedule = { id: number; name: string; timeZone: string; weekly: Record<string, Window[]>; holidayCalendarId: number | null; updatedAt: string };
type ApiCalendar = { id: number; name: string; holidays: { name: string; date: string; endDate: string | null; repeatsYearly: boolean; windows: Window[] }[] };

const DAY_KEYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
/** Today in UTC: its weekday key and name, and the minutes since midnight. */
function utcNow() {
  const now = new Date();
  return { key: DAY_KEYS[now.getUTCDay()], name: DAY_NAMES[now.getUTCDay()], minutes: now.getUTCHours() * 60 + now.getUTCMinutes() };
}

const emptyWeek = () => Object.fromEntries(DAY_KEYS.map((d) => [d, [] as Window[]]));

async function apiCreateSchedule(page: Page, tag: string, fields: Partial<Omit<ApiSchedule, "id">> & { description?: string } = {}) {
  const res = await page.request.post("/api/schedules", { data: { name: uniqueName(tag), timeZone: "UTC", weekly: emptyWeek(), ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiSchedule;
}

const apiSchedule = async (page: Page, id: number) => (await (await page.request.get(`/api/schedules/${id}`)).json()) as ApiSchedule;

async function apiSetUnlockSchedule(page: Page, room: { id: number; name: string }, unlockScheduleId: number | null) {
  const res = await page.request.put(`/api/rooms/${room.id}`, { data: { name: room.name, unlockScheduleId } });
  expect(res.status(), await res.text()).toBe(200);
}

const schedulesTable = (page: Page) => page.getByRole("table", { name: "Schedules" });
const scheduleRow = (page: Page, name: string) => schedulesTable(page).getByRole("row").filter({ hasText: name });
const details = (page: Page) => page.getByRole("region", { name: "Schedule Details" });
const timeInput = (page: Page, day: string, n: number, edge: "start" | "end") => page.getByRole("textbox", { name: `${day} window ${n} ${edge}` });
// Toasts stay in the page while a dialog is open (which hides the rest of the page from the accessibility tree).
const toastsBehindDialogs = (page: Page) => page.getByRole("region", { name: /notifications/i, includeHidden: true });

/** Picks a zone in a time-zone field by searching it. */
async function pickZone(page: Page, scope: Page | ReturnType<Page["getByRole"]>, zone: string) {
  const field = scope.getByRole("combobox", { name: "Time Zone" });
  // Emptied first: typing the zone it already shows would open no list.
  await field.fill("");
  await field.fill(zone);
  await page.getByRole("option", { name: zone, exact: true }).click();
  await expect(field).toHaveValue(zone);
}

/**
 * Opens a schedule's page once its own read of the schedule has answered and been
 * drawn: the page first shows the saved copy, and a newer version from the server
 * redraws the form (its fields start again from it), which would undo what a test
 * typed in between (in a CI run: a window's start, leaving end before start).
 */
async function openSchedule(page: Page, id: number) {
  const read = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === `/api/schedules/${id}`);
  await page.goto(`/dash/schedules/${id}`);
  await read;
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
}

async function saveSchedule(page: Page) {
  await details(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Schedule updated");
}

test.describe("schedules list", () => {
  test("title, columns, open now, what uses it, search; cards on phones", async ({ page }) => {
    const always = await apiCreateSchedule(page, "Always Open", {
      description: "Every hour of every day",
      weekly: Object.fromEntries(DAY_KEYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]])),
    });
    const never = await apiCreateSchedule(page, "Never Open", { timeZone: "Asia/Tokyo" });
    const group = await apiCreateGroup(page, "Scheduled");
    const room = await apiCreateRoom(page, "Scheduled Room");
    await apiAddGroupRoom(page, group.id, room.id);
    const granted = await page.request.put(`/api/groups/${group.id}/rooms/${room.id}`, { data: { scheduleId: always.id } });
    expect(granted.status(), await granted.text()).toBe(200);
    await apiSetUnlockSchedule(page, room, always.id);

    await page.goto("/dash/schedules");
    await expectPageMeta(page, "Schedules");
    await expect(page.getByRole("heading", { name: "Schedules", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Schedules" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("tab", { name: "Schedules" })).toHaveAttribute("aria-selected", "true");
    for (const column of ["NAME", "TIME ZONE", "NOW", "USED BY"]) {
      await expect(schedulesTable(page).getByRole("columnheader", { name: column })).toBeVisible();
    }
    await expect(scheduleRow(page, always.name)).toContainText("Open now");
    await expect(scheduleRow(page, always.name)).toContainText("1 grant, 1 room");
    await expect(scheduleRow(page, always.name)).toContainText("Every hour of every day");
    await expect(scheduleRow(page, never.name)).toContainText("Closed now");
    await expect(scheduleRow(page, never.name)).toContainText("Asia/Tokyo");
    await expect(scheduleRow(page, never.name)).toContainText("Not used");
    await expectAccessibleAtAllWidths(page);

    const search = page.getByRole("searchbox", { name: "Search schedules by name or description" });
    await search.fill("EVERY HOUR OF");
    await expect(schedulesTable(page).locator("tbody tr")).toHaveCount(1);
    await expect(page.getByText("1-1 of 1")).toBeVisible();
    await search.fill(never.name.toUpperCase());
    await expect(schedulesTable(page).locator("tbody tr")).toHaveCount(1);
    await search.fill(`nothing ${Date.now()}`);
    await expect(page.getByText("No schedules found matching your search.")).toBeVisible();

    await search.fill(always.name);
    await page.setViewportSize(PHONE);
    const card = page.getByRole("list", { name: "Schedules" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Open now");
    await expect(card).toContainText("UTC · 1 grant, 1 room");
    await card.getByRole("link", { name: always.name }).click();
    await expect(page).toHaveURL(`/dash/schedules/${always.id}`);
    await expect(page.getByText("Open now", { exact: true })).toBeVisible();
  });
});

test.describe("Add Schedule proposes the browser's zone", () => {
  test.use({ timezoneId: "Europe/Berlin" });

  test("add, then set the week with the editor; the open-now line follows", async ({ page }) => {
    const { dialog, create } = await openAddDialog(page, "/dash/schedules", "Add Schedule", "Add Schedule", "Create Schedule");
    await expect(dialog.getByRole("combobox", { name: "Time Zone" })).toHaveValue("Europe/Berlin");
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);
    const name = uniqueName("Office Hours");
    await dialog.getByLabel("Schedule Name").fill(name);
    await dialog.getByLabel("Description").fill("Front desk staffed");
    await pickZone(page, dialog, "UTC");
    await create.click();
    await expect(toastsBehindDialogs(page)).toContainText("Schedule created");
    await expect(page).toHaveURL(/\/dash\/schedules\/\d+$/);
    const id = Number(page.url().split("/").pop());
    await expectPageMeta(page, "Schedule");
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    // Closed all week until its hours are set.
    await expect(page.getByText("Closed now", { exact: true })).toBeVisible();
    for (const day of DAY_NAMES) await expect(page.getByRole("button", { name: `Add window on ${day}` })).toBeVisible();

    // Monday 09:00-17:00 (proposed), then 18:00-19:00; copied to the weekdays.
    await page.getByRole("button", { name: "Add window on Monday" }).click();
    await expect(timeInput(page, "Monday", 1, "start")).toHaveValue("09:00");
    await expect(timeInput(page, "Monday", 1, "end")).toHaveValue("17:00");
    await page.getByRole("button", { name: "Add window on Monday" }).click();
    await expect(timeInput(page, "Monday", 2, "start")).toHaveValue("18:00");
    await timeInput(page, "Monday", 2, "end").fill("20:30");
    await page.getByRole("button", { name: "Copy Monday to weekdays" }).click();
    await expect(timeInput(page, "Friday", 2, "end")).toHaveValue("20:30");
    await expect(timeInput(page, "Saturday", 1, "start")).toHaveCount(0);
    // Today's own window, around now (replacing what the copy gave it), so the line says when it closes.
    const today = utcNow();
    const own = { start: hhmm(Math.max(0, today.minutes - 60)), end: hhmm(Math.min(24 * 60, today.minutes + 60)) };
    const weekday = !["Saturday", "Sunday"].includes(today.name);
    if (weekday) await page.getByRole("button", { name: `Remove ${today.name} window 2` }).click();
    else await page.getByRole("button", { name: `Add window on ${today.name}` }).click();
    await timeInput(page, today.name, 1, "start").fill(own.start);
    await timeInput(page, today.name, 1, "end").fill(own.end);
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);
    await saveSchedule(page);
    await expect(page.getByText(`Open now — closes at ${own.end}`)).toBeVisible();

    const saved = await apiSchedule(page, id);
    expect(saved).toMatchObject({ name, timeZone: "UTC", holidayCalendarId: null });
    expect(saved.weekly[today.key]).toEqual([own]);
    const other = today.key === "tuesday" ? "wednesday" : "tuesday";
    expect(saved.weekly[other]).toEqual([{ start: "09:00", end: "17:00" }, { start: "18:00", end: "20:30" }]);
    expect(saved.weekly[today.key === "saturday" ? "sunday" : "saturday"]).toEqual([]);
  });
});

test.describe("validation and deleting", () => {
  test("the server's words: overlapping or reversed windows, a name taken", async ({ page }) => {
    const taken = await apiCreateSchedule(page, "Taken");
    const schedule = await apiCreateSchedule(page, "Checked");
    await page.goto(`/dash/schedules/${schedule.id}`);
    await page.getByRole("button", { name: "Add window on Monday" }).click();
    await page.getByRole("button", { name: "Add window on Monday" }).click();
    await timeInput(page, "Monday", 2, "start").fill("16:00");
    await details(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(details(page).getByRole("alert")).toHaveText("Time windows on Monday overlap");
    await expect(toasts(page)).toContainText("Time windows on Monday overlap");
    await timeInput(page, "Monday", 2, "start").fill("19:00");
    await timeInput(page, "Monday", 2, "end").fill("18:00");
    await details(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(details(page).getByRole("alert")).toHaveText("End time must be after start time");
    expect((await apiSchedule(page, schedule.id)).weekly.monday).toEqual([]);

    // A name another schedule has, in another case: the server refuses (409).
    await details(page).getByRole("button", { name: "Cancel" }).click();
    await details(page).getByLabel("Schedule Name").fill(taken.name.toUpperCase());
    await details(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(details(page).getByRole("alert")).toHaveText("A schedule with this name already exists");
    await expect(toasts(page)).toContainText("Failed to update schedule");
    expect((await apiSchedule(page, schedule.id)).name).toBe(schedule.name);

    const { dialog, create } = await openAddDialog(page, "/dash/schedules", "Add Schedule", "Add Schedule", "Create Schedule");
    await dialog.getByLabel("Schedule Name").fill(taken.name);
    await create.click();
    await expect(dialog.getByText("A schedule with this name already exists")).toBeVisible();
  });

  test("a schedule in use is not deleted, with the server's reason; once free it is", async ({ page }) => {
    const schedule = await apiCreateSchedule(page, "Doomed");
    const room = await apiCreateRoom(page, "Doomed Door");
    await apiSetUnlockSchedule(page, room, schedule.id);
    await page.goto(`/dash/schedules/${schedule.id}`);
    const zone = page.getByRole("region", { name: "Danger Zone" });
    let answered = answerConfirm(page, `Are you sure you want to delete ${schedule.name}? This action cannot be undone.`);
    await zone.getByRole("button", { name: "Delete Schedule" }).click();
    await answered;
    await expect(toasts(page)).toContainText("Failed to delete schedule");
    await expect(toasts(page)).toContainText("This schedule is in use: remove it from its grants and rooms first");
    await expect(page.getByRole("heading", { name: schedule.name, level: 1 })).toBeVisible();

    await apiSetUnlockSchedule(page, room, null);
    answered = answerConfirm(page, `Are you sure you want to delete ${schedule.name}? This action cannot be undone.`);
    await zone.getByRole("button", { name: "Delete Schedule" }).click();
    await answered;
    await expect(toasts(page)).toContainText("Schedule deleted");
    await expect(page).toHaveURL(/\/dash\/schedules$/);
    await expect(schedulesTable(page)).not.toContainText(schedule.name);
    expect((await page.request.get(`/api/schedules/${schedule.id}`)).status()).toBe(404);
    await page.goto(`/dash/schedules/${schedule.id}`);
    await expect(page.getByRole("heading", { name: "Schedule not found" })).toBeVisible();
  });
});

test.describe("holiday calendars", () => {
  test("add a calendar, its holidays in date order (add, edit, remove), a schedule closed by today's holiday", async ({ page }) => {
    const { dialog, create } = await openAddDialog(page, "/dash/schedules?tab=calendars", "Add Holiday Calendar", "Add Holiday Calendar", "Create Holiday Calendar");
    const name = uniqueName("Company Holidays");
    await dialog.getByLabel("Calendar Name").fill(name);
    await create.click();
    await expect(toastsBehindDialogs(page)).toContainText("Holiday calendar created");
    await expect(page).toHaveURL(/\/dash\/holidays\/\d+$/);
    const id = Number(page.url().split("/").pop());
    await expectPageMeta(page, "Holiday Calendar");
    await expect(page.getByText("No holidays yet.")).toBeVisible();

    const holidayDialog = page.getByRole("dialog", { name: "Add Holiday" });
    // Christmas first, then today (UTC): the list keeps them in date order.
    await page.getByRole("button", { name: "Add Holiday" }).click();
    await holidayDialog.getByLabel("Holiday Name").fill("Christmas Day");
    await holidayDialog.getByLabel(/^Date/).fill("2030-12-25");
    await holidayDialog.getByLabel("End Date").fill("2030-12-20");
    await holidayDialog.getByRole("button", { name: "Add Holiday" }).click();
    await expect(holidayDialog.getByRole("alert")).toHaveText("A holiday cannot end before it starts");
    await holidayDialog.getByLabel("End Date").fill("2030-12-26");
    await holidayDialog.getByRole("switch", { name: "Repeats yearly" }).check();
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);
    await holidayDialog.getByRole("button", { name: "Add Holiday" }).click();
    await expect(holidayDialog).toHaveCount(0);

    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole("button", { name: "Add Holiday" }).click();
    await holidayDialog.getByLabel("Holiday Name").fill("Inventory Day");
    await holidayDialog.getByLabel(/^Date/).fill(today);
    await holidayDialog.getByRole("button", { name: "Add window on Holiday" }).click();
    await holidayDialog.getByRole("button", { name: "Add Holiday" }).click();

    const holidays = page.getByRole("list", { name: "Holidays" }).getByRole("listitem");
    await expect(holidays).toHaveCount(2);
    await expect(holidays.nth(0)).toContainText("Inventory Day");
    await expect(holidays.nth(0)).toContainText("09:00–17:00");
    await expect(holidays.nth(1)).toContainText("Christmas Day");
    await expect(holidays.nth(1)).toContainText("25 December – 26 December");
    await expect(holidays.nth(1)).toContainText("Every year");
    await expect(holidays.nth(1)).toContainText("Closed all day");

    // Today's holiday closes all day after all; then a third one is added and removed.
    await page.getByRole("button", { name: "Edit Inventory Day" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Holiday" });
    await editDialog.getByRole("button", { name: "Remove Holiday window 1" }).click();
    await editDialog.getByRole("button", { name: "Save Holiday" }).click();
    await expect(holidays.nth(0)).toContainText("Closed all day");
    await page.getByRole("button", { name: "Add Holiday" }).click();
    await holidayDialog.getByLabel("Holiday Name").fill("Mistake");
    await holidayDialog.getByLabel(/^Date/).fill("2031-01-01");
    await holidayDialog.getByRole("button", { name: "Add Holiday" }).click();
    await expect(holidays).toHaveCount(3);
    await page.getByRole("button", { name: "Remove Mistake" }).click();
    await expect(holidays).toHaveCount(2);
    await page.getByRole("region", { name: "Holiday Calendar Details" }).getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Holiday calendar updated");
    const calendar = (await (await page.request.get(`/api/holiday-calendars/${id}`)).json()) as ApiCalendar;
    expect(calendar.holidays).toEqual([
      { name: "Inventory Day", date: today, endDate: null, repeatsYearly: false, windows: [] },
      { name: "Christmas Day", date: "2030-12-25", endDate: "2030-12-26", repeatsYearly: true, windows: [] },
    ]);

    // A schedule open at all times, on this calendar: today it is closed.
    const schedule = await apiCreateSchedule(page, "With Holidays", {
      weekly: Object.fromEntries(DAY_KEYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]])),
    });
    await page.goto(`/dash/schedules/${schedule.id}`);
    await expect(page.getByText("Open now", { exact: true })).toBeVisible();
    await page.getByRole("combobox", { name: "Holiday Calendar" }).click();
    await page.getByRole("option", { name }).click();
    await saveSchedule(page);
    const tomorrow = DAY_NAMES[(new Date().getUTCDay() + 1) % 7];
    await expect(page.getByText(`Closed now — opens ${tomorrow} 00:00`)).toBeVisible();
    expect((await apiSchedule(page, schedule.id)).holidayCalendarId).toBe(id);

    await page.goto("/dash/schedules?tab=calendars");
    const row = page.getByRole("table", { name: "Holiday calendars" }).getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("2 holidays");
    await expect(row).toContainText("1 schedule");
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);

    // In use: the delete is refused with the server's reason.
    await row.getByRole("link", { name }).click();
    const answered = answerConfirm(page, `Are you sure you want to delete ${name}? This action cannot be undone.`);
    await page.getByRole("button", { name: "Delete Holiday Calendar" }).click();
    await answered;
    await expect(toasts(page)).toContainText("This holiday calendar is in use: remove it from its schedules first");
  });
});

/** A room with a reader and its key, a group holding the room, and a member with a badge. */
async function door(page: Page, request: APIRequestContext) {
  const room = await apiCreateRoom(page, "Timed Room");
  const group = await apiCreateGroup(page, "Timed Staff");
  await apiAddGroupRoom(page, group.id, room.id);
  const user = await apiCreateUser(page, "timed");
  await apiAddMember(page, group.id, user.id);
  const card = { type: "HID Prox", facilityCode: "117", cardCode: `8${Date.now() % 1e9}` };
  const badge = await page.request.post(`/api/users/${user.id}/credentials`, { data: card });
  expect(badge.status(), await badge.text()).toBe(201);
  const reader = await apiCreateDevice(page, "Timed Reader", { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${reader.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  const { apiKey } = (await keyed.json()) as { apiKey: string };
  // The door: its own request context, no cookies, only its key.
  const decide = async () => {
    const res = await request.post("/api/access/decisions", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { credential: card, action: "Badge Scan" },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { decision: string; reason: string; message: string | null };
  };
  return { room, group, decide };
}

test.describe("schedules at the door", () => {
  test("a schedule made in the UI, set on the grant with SCHEDULE: refused outside its window, admitted inside", async ({ page, request }) => {
    const { room, group, decide } = await door(page, request);
    expect(await decide()).toMatchObject({ decision: "granted" });

    // A UTC schedule whose only window today is an hour that is not now.
    const { dialog, create } = await openAddDialog(page, "/dash/schedules", "Add Schedule", "Add Schedule", "Create Schedule");
    const name = uniqueName("Night Shift");
    await dialog.getByLabel("Schedule Name").fill(name);
    await pickZone(page, dialog, "UTC");
    await create.click();
    await expect(page).toHaveURL(/\/dash\/schedules\/\d+$/);
    const scheduleId = Number(page.url().split("/").pop());
    const today = utcNow();
    const later = today.minutes + 180 <= 24 * 60;
    const start = later ? today.minutes + 120 : today.minutes - 180;
    await page.getByRole("button", { name: `Add window on ${today.name}` }).click();
    await timeInput(page, today.name, 1, "start").fill(hhmm(start));
    await timeInput(page, today.name, 1, "end").fill(hhmm(start + 60));
    await saveSchedule(page);
    await expect(page.getByText(later ? `Closed now — opens at ${hhmm(start)}` : "Closed now —")).toBeVisible();

    // The group's Rooms tab: SCHEDULE, from Always to the new schedule.
    await page.goto(`/dash/groups/${group.id}/rooms`);
    const table = page.getByRole("table", { name: "Group rooms" });
    await expect(table.getByRole("columnheader", { name: "SCHEDULE" })).toBeVisible();
    const select = table.getByRole("combobox", { name: `Schedule for ${room.name}` });
    await expect(select).toHaveText("Always");
    // The change carries If-Match on the grant's own version.
    const listed = (await (await page.request.get(`/api/groups/${group.id}/rooms`)).json()) as { id: number; grantUpdatedAt: string }[];
    const putting = page.waitForRequest((r) => r.method() === "PUT" && r.url().endsWith(`/api/groups/${group.id}/rooms/${room.id}`));
    await select.click();
    await page.getByRole("option", { name }).click();
    expect((await putting).headers()["if-match"]).toBe(`"${listed.find((g) => g.id === room.id)!.grantUpdatedAt}"`);
    await expect(toasts(page)).toContainText("Room schedule updated");
    await expect(select).toHaveText(name);
    const grants = (await (await page.request.get(`/api/groups/${group.id}/rooms`)).json()) as { id: number; scheduleId: number; scheduleName: string }[];
    expect(grants.find((g) => g.id === room.id)).toMatchObject({ scheduleId, scheduleName: name });
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);

    expect(await decide()).toMatchObject({ decision: "denied", reason: "outside_schedule", message: "Outside the allowed hours for this room" });

    // The window moved to include now: admitted.
    await openSchedule(page, scheduleId);
    const opens = Math.max(0, today.minutes - 60);
    const closes = Math.min(24 * 60, today.minutes + 60);
    await timeInput(page, today.name, 1, "start").fill(hhmm(opens));
    await timeInput(page, today.name, 1, "end").fill(hhmm(closes));
    await saveSchedule(page);
    await expect(page.getByText(`Open now — closes at ${hhmm(closes)}`)).toBeVisible();
    expect(await decide()).toMatchObject({ decision: "granted", reason: "granted" });

    // Back to Always through the select.
    await page.goto(`/dash/groups/${group.id}/rooms`);
    await table.getByRole("combobox", { name: `Schedule for ${room.name}` }).click();
    await page.getByRole("option", { name: "Always", exact: true }).click();
    await expect(toasts(page)).toContainText("Room schedule updated");
    const after = (await (await page.request.get(`/api/groups/${group.id}/rooms`)).json()) as { id: number; scheduleId: number | null }[];
    expect(after.find((g) => g.id === room.id)?.scheduleId).toBeNull();
  });

  test("a room with an open unlock schedule shows Unlocked on its Overview; First person in waits", async ({ page }) => {
    const open = await apiCreateSchedule(page, "Open Door", {
      weekly: Object.fromEntries(DAY_KEYS.map((d) => [d, [{ start: "00:00", end: "24:00" }]])),
    });
    const room = await apiCreateRoom(page, "Open Door Room");
    await page.goto(`/dash/room/${room.id}`);
    const card = page.getByRole("region", { name: "Door Schedule" });
    await expect(card.getByText("Locked", { exact: true })).toBeVisible();
    await expect(card).toContainText("No unlock schedule");
    const select = card.getByRole("combobox", { name: "Unlock Schedule" });
    await expect(select).toHaveText("None");
    await select.click();
    await page.getByRole("option", { name: open.name }).click();
    await expect(toasts(page)).toContainText("Room updated");
    await expect(card.getByText("Unlocked", { exact: true })).toBeVisible();
    await expect(card).toContainText("Unlock schedule open");
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);

    // The switch follows the room, which the change edits a moment after the click.
    const firstPersonIn = card.getByRole("switch", { name: "First person in" });
    await firstPersonIn.click();
    await expect(firstPersonIn).toBeChecked();
    await expect(card.getByText("Locked", { exact: true })).toBeVisible();
    await expect(card).toContainText("Waiting for the first person in");
    const saved = (await (await page.request.get(`/api/rooms/${room.id}`)).json()) as { unlockScheduleId: number; firstPersonIn: boolean; name: string };
    expect(saved).toMatchObject({ unlockScheduleId: open.id, firstPersonIn: true, name: room.name });
  });
});

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("the cached list renders offline; an edit made offline waits and reaches the server when back", async ({ page, context }) => {
    const schedule = await apiCreateSchedule(page, "Offline Hours", { weekly: { ...emptyWeek(), monday: [{ start: "08:00", end: "12:00" }] } });
    await page.goto("/dash/schedules");
    const worker = await waitForServiceWorker(page);
    await expect(scheduleRow(page, schedule.name)).toBeVisible();
    await waitForPersisted(page, ["/api/schedules", "/api/holiday-calendars"]);
    await page.goto(`/dash/schedules/${schedule.id}`);
    await expect(page.getByRole("heading", { name: schedule.name, level: 1 })).toBeVisible();
    await waitForPersisted(page, [`/api/schedules/${schedule.id}`]);

    await cutNetwork(context, worker);
    await page.goto("/dash/schedules");
    await expect(page.getByRole("status").filter({ hasText: "Offline — showing data saved at" })).toBeVisible();
    await expect(scheduleRow(page, schedule.name)).toContainText(/(Open|Closed) now/);

    await scheduleRow(page, schedule.name).getByRole("link", { name: schedule.name }).click();
    await page.getByRole("button", { name: "Add window on Sunday" }).click();
    await saveSchedule(page);
    await expect(toasts(page)).toContainText("Saved on this device; it will be sent when the connection returns.");
    await expect(page.getByRole("main").getByText("Pending", { exact: true })).toBeVisible();
    expect(await outboxSize(page)).toBe(1);

    await restoreNetwork(context);
    await expect.poll(() => outboxSize(page), { timeout: 20_000 }).toBe(0);
    expect((await apiSchedule(page, schedule.id)).weekly.sunday).toEqual([{ start: "09:00", end: "17:00" }]);
    await expect(page.getByRole("main").getByText("Pending", { exact: true })).toHaveCount(0);
  });
});
