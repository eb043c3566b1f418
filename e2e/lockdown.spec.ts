// Emergency lockdown's screens (spec 3 §2) against the real server: Start
// Lockdown for selected rooms from the dashboard's navigation; its banner on a
// second admin's open dashboard within a second (the live channel) and on /app;
// the door refuses a badge with "Lockdown in effect" but for a group that can
// open doors during lockdown; End Lockdown puts it all back. Offline the button
// cannot start one; the group switch saves. Only selected rooms are ever locked
// down here: the tests share one server, and an all-rooms lockdown would refuse
// every other test's doors.
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_MEMBER, DEMO_PASSWORD, signInByApi } from "./accounts";
import { apiAddMember, apiCreateGroup, apiCreateUser, dashboardSpec, signInAsAdmin, toasts } from "./dashboard";
import { DESKTOP, expect, expectAccessible, TABLET, test } from "./fixtures";
import { apiAddGroupRoom, apiCreateDevice, apiCreateRoom, uniqueName } from "./spaces";

dashboardSpec(90_000);

const banner = (page: Page) => page.getByRole("region", { name: "Lockdown in effect" });
const dashNav = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const lockdownButton = (page: Page, name = "Lockdown") => dashNav(page).getByRole("button", { name, exact: true });

type Decision = { decision: string; reason: string; message: string | null };
type Card = { type: string; facilityCode: string; cardCode: string };

let cardCounter = 0;

/** A badge for the user: a card no other test uses. */
async function giveBadge(page: Page, userId: number): Promise<Card> {
  const card = { type: "HID Prox", facilityCode: "117", cardCode: `7${(Date.now() % 1e8) * 10 + (cardCounter++ % 10)}` };
  const res = await page.request.post(`/api/users/${userId}/credentials`, { data: card });
  expect(res.status(), await res.text()).toBe(201);
  return card;
}

/**
 * A room with a reader and its key; a group holding the room with a member and
 * her badge; a second group holding it, allowed through lockdowns, with his.
 */
async function lockableDoor(page: Page, request: APIRequestContext) {
  const room = await apiCreateRoom(page, "Lockdown Room");
  const group = await apiCreateGroup(page, "Lockdown Staff");
  await apiAddGroupRoom(page, group.id, room.id);
  const staff = await apiCreateUser(page, "locked", { firstName: "Lena" });
  await apiAddMember(page, group.id, staff.id);
  const staffCard = await giveBadge(page, staff.id);

  const responders = await page.request.post("/api/groups", {
    data: { name: uniqueName("Responders"), description: "First response", lockdownOverride: true },
  });
  expect(responders.status(), await responders.text()).toBe(201);
  const respondersId = ((await responders.json()) as { id: number }).id;
  await apiAddGroupRoom(page, respondersId, room.id);
  const responder = await apiCreateUser(page, "responder", { firstName: "Rudi" });
  await apiAddMember(page, respondersId, responder.id);
  const responderCard = await giveBadge(page, responder.id);

  const reader = await apiCreateDevice(page, "Lockdown Reader", { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${reader.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  const { apiKey } = (await keyed.json()) as { apiKey: string };
  // The door: its own request context, no cookies, only its key.
  const decide = async (credential: Card) => {
    const res = await request.post("/api/access/decisions", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { credential, action: "Badge Scan" },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as Decision;
  };
  return { room, staff: () => decide(staffCard), responder: () => decide(responderCard) };
}

// Whatever a test started is ended after it, passed or failed, so no other test's door is refused.
const started: number[] = [];
test.afterEach(async ({ page }) => {
  for (const id of started.splice(0)) {
    const res = await page.request.post(`/api/lockdowns/${id}/end`);
    expect([200, 409]).toContain(res.status());
  }
});

test("Start Lockdown for a room: banner on every admin screen at once, the door refuses, End Lockdown restores it", async ({ page, browser, baseURL, request }) => {
  const door = await lockableDoor(page, request);
  expect(await door.staff()).toMatchObject({ decision: "granted" });

  // A second admin's dashboard, open in another browser, with its live channel connected.
  const other = await browser.newContext({ baseURL, serviceWorkers: "block", viewport: DESKTOP });
  const watcher = await other.newPage();
  await signInAsAdmin(watcher);
  const connected = watcher.waitForResponse((res) => res.url().endsWith("/api/events/stream") && res.status() === 200);
  await watcher.goto("/dash/users");
  await expect(watcher.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await connected;
  await expect(banner(watcher)).toHaveCount(0);

  // Start Lockdown from the navigation: selected rooms, the room picked, a reason.
  await page.goto("/dash/rooms");
  await lockdownButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Start Lockdown" });
  await expect(dialog.getByRole("radio", { name: "All rooms" })).toBeChecked();
  await dialog.getByRole("radio", { name: "Selected rooms" }).check();
  const startButton = dialog.getByRole("button", { name: "Start Lockdown" });
  await startButton.click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose at least one room");
  await dialog.getByRole("searchbox", { name: "Search rooms by name..." }).fill(door.room.name);
  await dialog.getByRole("button", { name: `Add ${door.room.name}` }).click();
  await expect(dialog.getByRole("list", { name: "Chosen rooms" })).toContainText(door.room.name);
  await startButton.click();
  await expect(dialog.getByRole("alert")).toHaveText("Reason is required");
  await dialog.getByLabel("Reason").fill("Intruder reported in the east wing");
  await expectAccessible(page);
  const posted = page.waitForResponse((res) => res.url().endsWith("/api/lockdowns") && res.request().method() === "POST");
  await startButton.click();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(201);
  started.push(((await answer.json()) as { id: number }).id);

  // The toast here, then the banner on the other dashboard within a second.
  await expect(toasts(page)).toContainText("Lockdown started");
  await expect(banner(watcher)).toBeVisible({ timeout: 1000 });
  await expect(dialog).toBeHidden();
  await banner(page).hover(); // not over a table row, whose hover shade axe would judge
  for (const screen of [page, watcher]) {
    const line = banner(screen).getByRole("listitem").filter({ hasText: door.room.name });
    await expect(line).toContainText(/since .+ by Avery Adams/);
    await expect(line).toContainText("Intruder reported in the east wing");
  }
  await expectAccessible(page);

  // The door refuses the badge, but lets a responder through.
  expect(await door.staff()).toMatchObject({ decision: "denied", reason: "lockdown", message: "Lockdown in effect" });
  expect(await door.responder()).toMatchObject({ decision: "granted" });

  // On another dashboard page and on /app too; a member's /app shows it as well, without End Lockdown.
  await watcher.goto("/dash/groups");
  await expect(banner(watcher)).toContainText(door.room.name);
  await watcher.goto("/app");
  await expect(watcher.getByRole("heading", { name: "Welcome Avery" })).toBeVisible();
  await expect(banner(watcher)).toContainText(door.room.name);
  await expectAccessible(watcher);
  const member = await browser.newContext({ baseURL, serviceWorkers: "block", viewport: DESKTOP });
  const memberPage = await member.newPage();
  await signInByApi(memberPage, DEMO_MEMBER.email, DEMO_PASSWORD);
  await memberPage.goto("/app");
  await expect(memberPage.getByRole("heading", { name: `Welcome ${DEMO_MEMBER.firstName}` })).toBeVisible();
  await expect(banner(memberPage)).toContainText(door.room.name);
  await expect(banner(memberPage).getByRole("button", { name: "End Lockdown" })).toHaveCount(0);
  await member.close();

  // End Lockdown, after its confirmation: the banner goes everywhere, the badge opens again.
  const line = banner(page).getByRole("listitem").filter({ hasText: door.room.name });
  await line.getByRole("button", { name: "End Lockdown" }).click();
  const confirm = page.getByRole("alertdialog", { name: "End Lockdown" });
  await expect(confirm).toContainText("End the lockdown? Doors return to their normal schedules.");
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "End Lockdown" }).click();
  await expect(toasts(page)).toContainText("Lockdown ended");
  await expect(banner(page)).toHaveCount(0);
  await expect(banner(watcher)).toHaveCount(0, { timeout: 1000 });
  expect(await door.staff()).toMatchObject({ decision: "granted" });
  await other.close();
});

test("offline, the Lockdown button says it needs a connection and cannot be used", async ({ page, context }) => {
  await page.goto("/dash/users");
  await expect(lockdownButton(page)).toBeEnabled();
  await context.setOffline(true);
  await expect(lockdownButton(page, "Lockdown needs a connection")).toBeDisabled();
  await page.setViewportSize(TABLET); // the top bar's button
  await expect(lockdownButton(page, "Lockdown needs a connection")).toBeDisabled();
  await context.setOffline(false);
  await expect(lockdownButton(page)).toBeEnabled();
  await lockdownButton(page).click();
  await expect(page.getByRole("dialog", { name: "Start Lockdown" })).toBeVisible();
  await expectAccessible(page);
});

test("the group's Overview saves 'Can open doors during lockdown'", async ({ page }) => {
  const group = await apiCreateGroup(page, "Override", "Security team");
  await page.goto(`/dash/groups/${group.id}`);
  const details = page.getByRole("region", { name: "Group Details" });
  const override = details.getByRole("switch", { name: "Can open doors during lockdown" });
  await expect(override).not.toBeChecked();
  await override.check();
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Group updated");
  const saved = await (await page.request.get(`/api/groups/${group.id}`)).json();
  expect(saved).toMatchObject({ lockdownOverride: true, description: "Security team" });
  await page.reload();
  await expect(override).toBeChecked();
  await expectAccessible(page);

  await override.uncheck();
  await details.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Group updated");
  expect(await (await page.request.get(`/api/groups/${group.id}`)).json()).toMatchObject({ lockdownOverride: false });
});
