// Doors that report (spec 4 §1–2) against the real server: a door forced open toasts
// `Door forced open` on an open dashboard page (a tamper, `Tamper`) and raises the Alarms badge; the alarm
// is acknowledged and resolved from the Alarms page (each with a note); the Doors
// board follows a door opening and closing without a reload and says `Behind since`
// for a door that has not fetched its changed list, and hears a lock that only the
// clock or the first person in moved (the server's door watch); offline, the board shows what it
// saved and the alarms' actions say they need a connection. The doors are the API's
// own callers here (their key, their calls), as the controller makes them.
import type { APIRequestContext, Page } from "@playwright/test";
import { apiAddMember, apiCreateGroup, apiCreateUser, dashboardSpec, toasts } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, test } from "./fixtures";
import { apiAddGroupRoom, apiCreateDevice, apiCreateRoom } from "./spaces";

dashboardSpec(60_000);
// Alarms move the one badge every page shows: this file's tests one after another.
test.describe.configure({ mode: "serial" });

type Door = { id: number; name: string; roomName: string; key: string };

async function keyedDoor(page: Page, tag: string): Promise<Door> {
  const room = await apiCreateRoom(page, `${tag} Room`);
  const device = await apiCreateDevice(page, `${tag} Door`, { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${device.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  return { id: device.id, name: device.name, roomName: room.name, key: ((await keyed.json()) as { apiKey: string }).apiKey };
}

/** The door reports one input, as its controller would. */
async function report(request: APIRequestContext, door: Door, type: string, released?: boolean) {
  const event = { eventId: crypto.randomUUID(), at: new Date().toISOString(), type, ...(released === undefined ? {} : { released }) };
  const res = await request.post("/api/access/devices/self/door-events", { headers: { authorization: `Bearer ${door.key}` }, data: [event] });
  expect(res.status(), await res.text()).toBe(200);
}

async function fetchList(request: APIRequestContext, door: Door) {
  const res = await request.get("/api/access/devices/self/access-list", { headers: { authorization: `Bearer ${door.key}` } });
  expect(res.status(), await res.text()).toBe(200);
}

const activeAlarms = async (page: Page) => ((await (await page.request.get("/api/alarms/counts")).json()) as { active: number }).active;
const alarmsLink = (page: Page) => page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Alarms/ });

test("a forced door toasts on any dashboard page and raises the badge; Acknowledge and Resolve, with notes", async ({ page, request }) => {
  const door = await keyedDoor(page, "Forced");
  const connected = page.waitForResponse((res) => res.url().endsWith("/api/events/stream") && res.status() === 200);
  await page.goto("/dash/users");
  await connected;
  const before = await activeAlarms(page);
  await expect(alarmsLink(page)).toHaveAccessibleName(before ? `Alarms, ${before} active` : "Alarms");

  await report(request, door, "door.opened", false);
  // Within about a second of the upload (spec 4 §2); no reload.
  const toast = toasts(page).getByText("Door forced open");
  await expect(toast).toBeVisible({ timeout: 3_000 });
  await expect(toasts(page)).toContainText(`${door.name} in ${door.roomName}`);
  await expect(alarmsLink(page)).toHaveAccessibleName(`Alarms, ${before + 1} active`);
  await expect(page).toHaveURL(/\/dash\/users$/);

  // The toast's action opens the alarm.
  await toasts(page).getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL(/\/dash\/alarms\?alarm=\d+$/);
  const dialog = page.getByRole("dialog", { name: "Door forced open" });
  await expect(dialog).toContainText("Critical");
  await expect(dialog).toContainText(`${door.name} in ${door.roomName}`);
  await dialog.getByRole("button", { name: "Acknowledge" }).click();
  await dialog.getByLabel("Note (optional)").fill("Security on the way");
  await dialog.getByRole("button", { name: "Acknowledge" }).click();
  await expect(toasts(page)).toContainText("Alarm acknowledged");
  await expect(dialog).toBeHidden();
  await expect(alarmsLink(page)).toHaveAccessibleName(before ? `Alarms, ${before} active` : "Alarms");

  // The Open tab: acknowledged, by whom, with the note; the door shut, so Cleared.
  await report(request, door, "door.closed");
  const card = page.getByRole("list", { name: "Open alarms" }).getByRole("listitem").filter({ hasText: door.name });
  await expect(card).toContainText(/Acknowledged by Avery Adams/);
  await expect(card).toContainText("Note: Security on the way");
  await expect(card).toContainText("Cleared");
  await expect(card.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);

  await card.getByRole("button", { name: "Resolve" }).click();
  const resolve = page.getByRole("dialog", { name: "Door forced open" });
  await resolve.getByLabel("Note (optional)").fill("Latch repaired");
  await resolve.getByRole("button", { name: "Resolve" }).click();
  await expect(toasts(page)).toContainText("Alarm resolved");
  await expect(card).toHaveCount(0);

  await page.getByRole("link", { name: "History" }).click();
  const resolved = page.getByRole("list", { name: "Resolved alarms" }).getByRole("listitem").filter({ hasText: door.name });
  await expect(resolved).toContainText("Resolved by Avery Adams");
  await expect(resolved).toContainText("Note: Latch repaired");
  await expect(resolved.getByRole("button")).toHaveCount(0);
  await expectAccessibleAtAllWidths(page);
});

test("a second admin acknowledging first: the page says so and reads it again", async ({ page, request }) => {
  const door = await keyedDoor(page, "Raced");
  await report(request, door, "tamper.on");
  await page.goto("/dash/alarms");
  const card = page.getByRole("list", { name: "Open alarms" }).getByRole("listitem").filter({ hasText: door.name });
  await expect(card).toContainText("Tamper");
  await card.getByRole("button", { name: "Acknowledge" }).click();
  const [alarm] = ((await (await page.request.get(`/api/alarms?state=open&deviceId=${door.id}`)).json()) as { items: { id: number }[] }).items;
  expect((await page.request.post(`/api/alarms/${alarm.id}/acknowledge`, { data: {} })).status()).toBe(200);
  const dialog = page.getByRole("dialog", { name: "Tamper" });
  await dialog.getByRole("button", { name: "Acknowledge" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This alarm has already been acknowledged");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(toasts(page)).toContainText("Failed to acknowledge alarm");
  await expect(card.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
  await expect(card).toContainText("Acknowledged by Avery Adams");
});

test("the Doors board follows a door opening and closing, and says Behind for an old list", async ({ page, request }) => {
  const door = await keyedDoor(page, "Board");
  await fetchList(request, door);
  await page.goto("/dash/doors");
  await expect(page.getByRole("heading", { name: "Doors", level: 1 })).toBeVisible();
  await expect(page.getByText("Every door, live")).toBeVisible();
  const card = page.getByRole("list", { name: "Doors" }).getByRole("listitem", { name: door.name });
  await expect(card).toContainText("Online");
  await expect(card).toContainText("Up to date");
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

  await report(request, door, "door.opened", true);
  await expect(card).toContainText("Open");
  await report(request, door, "door.closed");
  await expect(card).toContainText("Closed");
  await expectAccessibleAtAllWidths(page);

  // Someone is given the room: the door's list changes, and it has not fetched it.
  const group = await apiCreateGroup(page, "Board access");
  await apiAddGroupRoom(page, group.id, (await (await page.request.get(`/api/devices/${door.id}`)).json()).roomId);
  const user = await apiCreateUser(page, "boarded");
  const credential = { type: "HID Prox", facilityCode: "7", cardCode: String(Date.now() % 1e9) };
  expect((await page.request.post(`/api/users/${user.id}/credentials`, { data: credential })).status()).toBe(201);
  await apiAddMember(page, group.id, user.id);
  await expect(card).toContainText(/Behind since \d\d:\d\d/);
  const attention = page.getByRole("checkbox", { name: "Needs attention" });
  await attention.check();
  await expect(card).toBeVisible();

  // It fetches the new list: up to date, so no longer among those needing attention.
  await fetchList(request, door);
  await expect(card).toHaveCount(0);
  await attention.uncheck();
  await expect(card).toContainText("Up to date");
  expect(navigations).toEqual([]);

  // Offline: the board as saved, and when.
  await page.context().setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: /^Offline: the board as saved at/ })).toBeVisible();
  await expect(card).toContainText("Up to date");
  await page.context().setOffline(false);
});

test("the Doors board hears a lock no admin moved: the first person in unlocks the room", async ({ page, request }) => {
  const door = await keyedDoor(page, "First In");
  const roomId = ((await (await page.request.get(`/api/devices/${door.id}`)).json()) as { roomId: number }).roomId;
  const always = Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, [{ start: "00:00", end: "24:00" }]]),
  );
  const schedule = await page.request.post("/api/schedules", { data: { name: `Always ${Date.now()}`, timeZone: "UTC", weekly: always } });
  expect(schedule.status(), await schedule.text()).toBe(201);
  const set = await page.request.put(`/api/rooms/${roomId}`, {
    data: { name: door.roomName, unlockScheduleId: ((await schedule.json()) as { id: number }).id, firstPersonIn: true },
  });
  expect(set.status(), await set.text()).toBe(200);
  const group = await apiCreateGroup(page, "First in");
  await apiAddGroupRoom(page, group.id, roomId);
  const user = await apiCreateUser(page, "firstin");
  const credential = { type: "HID Prox", facilityCode: "9", cardCode: String(Date.now() % 1e9) };
  expect((await page.request.post(`/api/users/${user.id}/credentials`, { data: credential })).status()).toBe(201);
  await apiAddMember(page, group.id, user.id);
  // Its first contact, and the list it holds, are door.changed of their own: before the board.
  await fetchList(request, door);

  await page.goto("/dash/doors");
  const card = page.getByRole("list", { name: "Doors" }).getByRole("listitem", { name: door.name });
  await expect(card).toContainText("Locked");
  await expect(card).toContainText("Up to date");
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  // The first person in: a grant at the door, which no admin change or live event of
  // its own announces; the server's door watch tells the board (within 5 s).
  const decision = await request.post("/api/access/decisions", { headers: { authorization: `Bearer ${door.key}` }, data: { credential } });
  expect(((await decision.json()) as { decision: string }).decision).toBe("granted");
  await expect(card).toContainText("Unlocked", { timeout: 10_000 });
  expect(navigations).toEqual([]);
});

test("a tamper toasts as the other critical alarm; offline, the alarms' actions say they need a connection", async ({ page, request }) => {
  const door = await keyedDoor(page, "Offline");
  const connected = page.waitForResponse((res) => res.url().endsWith("/api/events/stream") && res.status() === 200);
  await page.goto("/dash/alarms");
  await connected;
  await report(request, door, "tamper.on");
  await expect(toasts(page).getByText("Tamper", { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(toasts(page)).toContainText(`${door.name} in ${door.roomName}`);
  const card = page.getByRole("list", { name: "Open alarms" }).getByRole("listitem").filter({ hasText: door.name });
  await expect(card.getByRole("button", { name: "Resolve" })).toBeEnabled();
  await page.context().setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "Alarms need a connection" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Resolve" })).toBeDisabled();
  await page.context().setOffline(false);
  await expect(card.getByRole("button", { name: "Resolve" })).toBeEnabled();
});

test("a room's Overview shows its doors' positions and sets the held-open alarm's seconds", async ({ page, request }) => {
  const door = await keyedDoor(page, "Overview");
  await fetchList(request, door);
  const { roomId } = await (await page.request.get(`/api/devices/${door.id}`)).json();
  await page.goto(`/dash/room/${roomId}`);
  const positions = page.getByRole("list", { name: "Door positions" });
  await expect(positions.getByRole("listitem").filter({ hasText: door.name })).toContainText("Unknown");
  await report(request, door, "door.opened", true);
  await expect(positions.getByRole("listitem").filter({ hasText: door.name })).toContainText("Open");

  const field = page.getByLabel("Held-open alarm after");
  await expect(field).toHaveValue("60");
  await field.fill("5");
  await expect(page.getByText("Held-open alarm after must be 10 to 3600 seconds")).toBeVisible();
  await field.fill("120");
  await field.press("Enter");
  await expect(toasts(page)).toContainText("Room updated");
  await expect.poll(async () => (await (await page.request.get(`/api/rooms/${roomId}`)).json()).heldOpenSeconds).toBe(120);

  // The device page's Connection card.
  await page.goto(`/dash/device/${door.id}`);
  const connection = page.getByRole("region", { name: "Connection" });
  await expect(connection).toContainText("Online");
  await expect(connection).toContainText("Door: Open");
  await expect(connection).toContainText("Access list: Up to date");
  await report(request, door, "door.closed");
  await expect(connection).toContainText("Door: Closed");
});
