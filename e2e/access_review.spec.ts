// The access review's two tabs (spec 4 §7) against the real server: a room's `Access`
// (`Who can open this room`: people with `Can open now`, the grants that let them
// through, search, the room's guests, `Export to CSV`) and a user's `Access` (`What
// <firstName> can open`: rooms, `Can open now`, the next change in the viewer's zone,
// the grants, `Export to CSV`). Each test makes its own rooms, groups, schedule, users
// and visits (tests share the server and run beside other specs); nothing shared is
// changed. The browser's zone is Tokyo, so the times shown are the viewer's, not UTC.
import type { Locator, Page } from "@playwright/test";
import { apiAddMember, apiCreateGroup, apiCreateUser, type ApiGroup, type ApiUser, dashboardSpec, listFooter as footer } from "./dashboard";
import { bulkAccessPeople } from "./bulk_people.mjs";
import { DESKTOP, expect, expectAccessibleAtAllWidths, holdRequests, PHONE, test } from "./fixtures";
import { cutNetwork, restoreNetwork, waitForPersisted, waitForServiceWorker } from "./offline_helpers";
import { type ApiRoom, apiCreateRoom, apiRoomByName, downloadText, uniqueName } from "./spaces";

dashboardSpec(90_000);
const ZONE = "Asia/Tokyo";
test.use({ timezoneId: ZONE });

const HOUR = 60 * 60 * 1000;
const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

type Via = { groupId: number; groupName: string; scheduleId: number | null; scheduleName: string | null; lockdownOverride: boolean };
type RoomAccess = {
  users: { userId: number; name: string; email: string; canOpenNow: boolean; via: Via[] }[];
  visits: { visitId: number; guestName: string; hostName: string; startsAt: string; endsAt: string; status: string }[];
};
type UserAccess = { roomId: number; roomName: string; canOpenNow: boolean; nextChange: string | null; via: Via[] }[];

/**
 * A room held by three groups: Staff at all times (Alice), Night on a schedule closed
 * now that opens at 09:00 UTC the day after tomorrow (Bob), Responders at all times with
 * lockdown override (Cara, who is in Night too). Night also holds a second room at all
 * times. Two guests of Alice's: one here now, one later today.
 */
async function makeScene(page: Page) {
  const room = await apiCreateRoom(page, "Review Vault");
  const annex = await apiCreateRoom(page, "Review Annex");
  const opensAt = new Date(Date.now() + 2 * 24 * HOUR);
  opensAt.setUTCHours(9, 0, 0, 0);
  const scheduleRes = await page.request.post("/api/schedules", {
    data: { name: uniqueName("Review Late"), timeZone: "UTC", weekly: { [DAYS[opensAt.getUTCDay()]]: [{ start: "09:00", end: "10:00" }] } },
  });
  expect(scheduleRes.status(), await scheduleRes.text()).toBe(201);
  const schedule = (await scheduleRes.json()) as { id: number; name: string };

  const staff = await apiCreateGroup(page, "Review Staff");
  const night = await apiCreateGroup(page, "Review Night");
  const respondersRes = await page.request.post("/api/groups", { data: { name: uniqueName("Review Responders"), lockdownOverride: true } });
  expect(respondersRes.status(), await respondersRes.text()).toBe(201);
  const responders = (await respondersRes.json()) as ApiGroup;
  await grant(page, staff.id, room.id, null);
  await grant(page, night.id, room.id, schedule.id);
  await grant(page, responders.id, room.id, null);
  await grant(page, night.id, annex.id, null);

  const tag = Date.now().toString(36);
  const alice = await apiCreateUser(page, "review-alice", { firstName: "Alice", lastName: `Review${tag}` });
  const bob = await apiCreateUser(page, "review-bob", { firstName: "Bob", lastName: `Review${tag}` });
  const cara = await apiCreateUser(page, "review-cara", { firstName: "Cara", lastName: `Review${tag}` });
  await apiAddMember(page, staff.id, alice.id);
  await apiAddMember(page, night.id, bob.id);
  await apiAddMember(page, night.id, cara.id);
  await apiAddMember(page, responders.id, cara.id);

  const here = await apiCreateVisit(page, { guestName: uniqueName("Guest Here"), roomIds: [room.id], hostId: alice.id, startsAt: Date.now() - 5 * 60_000 });
  const later = await apiCreateVisit(page, { guestName: uniqueName("Guest Later"), roomIds: [room.id], hostId: alice.id, startsAt: Date.now() + 3 * HOUR });
  return { room, annex, schedule, opensAt, staff, night, responders, alice, bob, cara, here, later };
}

async function grant(page: Page, groupId: number, roomId: number, scheduleId: number | null) {
  const res = await page.request.post(`/api/groups/${groupId}/rooms/${roomId}`, { data: scheduleId ? { scheduleId } : {} });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

type Visit = { id: number; guestName: string; startsAt: string; endsAt: string };
async function apiCreateVisit(page: Page, body: { guestName: string; roomIds: number[]; hostId: number; startsAt: number }): Promise<Visit> {
  const res = await page.request.post("/api/visits", {
    data: { ...body, startsAt: new Date(body.startsAt).toISOString(), endsAt: new Date(body.startsAt + 2 * HOUR).toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Visit;
}

const roomAccess = async (page: Page, id: number) => (await (await page.request.get(`/api/rooms/${id}/access`)).json()) as RoomAccess;
const userAccess = async (page: Page, id: number) => (await (await page.request.get(`/api/users/${id}/access`)).json()) as UserAccess;
const fullName = (user: ApiUser) => `${user.firstName} ${user.lastName}`;

/** How the screens name the grants (`Group (Schedule)`, `Always` without one, the lockdown override noted). */
const shownVia = (via: Via[]) =>
  via.map((v) => `${v.groupName} (${[v.scheduleName ?? "Always", ...(v.lockdownOverride ? ["lockdown override"] : [])].join(", ")})`).join("; ");
/** How the CSV names them (docs/api.md): `Group (Schedule) [lockdown override]`. */
const csvVia = (via: Via[]) =>
  via.map((v) => `${v.groupName}${v.scheduleName ? ` (${v.scheduleName})` : ""}${v.lockdownOverride ? " [lockdown override]" : ""}`).join("; ");
const csvField = (value: unknown) => {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const csvLine = (fields: unknown[]) => fields.map(csvField).join(",");

async function exportCsv(page: Page, fileName: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  return (await downloadText(download)).trimEnd().split("\r\n");
}

/** The tab bar is as wide as its box: every tab shows without scrolling sideways. */
async function expectTabsFit(tabs: Locator) {
  await expect(tabs.getByRole("link", { name: "Access" })).toBeVisible();
  const { scroll, client } = await tabs.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, "the tab bar scrolls sideways").toBeLessThanOrEqual(client);
}

const people = (page: Page) => page.getByRole("table", { name: "People who can open this room" });
const peopleCards = (page: Page) => page.getByRole("list", { name: "People who can open this room" });
const guests = (page: Page) => page.getByRole("table", { name: "Guests of this room" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search people by name or email" });
const rowOf = (table: Locator, text: string) => table.getByRole("row").filter({ hasText: text });
const clock = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hourCycle: "h23", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

test("a room's Access: who can open it, with chips, links, grants, search, guests, CSV as the API answers; cards and tabs on a phone", async ({ page }) => {
  const s = await makeScene(page);
  const answer = await roomAccess(page, s.room.id);
  expect(answer.users.map((u) => [u.userId, u.canOpenNow])).toEqual(
    [[s.alice.id, true], [s.bob.id, false], [s.cara.id, true]],
  );

  await page.goto(`/dash/room/${s.room.id}`);
  const tabs = page.getByRole("navigation", { name: "Room sections" });
  await tabs.getByRole("link", { name: "Access" }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/room/${s.room.id}/access$`));
  await expect(page).toHaveTitle("Threshold - Room Access");
  await expect(tabs.getByRole("link", { name: "Access" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Who can open this room", level: 2 })).toBeVisible();
  for (const column of ["NAME", "EMAIL", "CAN OPEN NOW", "VIA"]) await expect(people(page).getByRole("columnheader", { name: column })).toBeVisible();

  // Each person as the API answers: name (a link to them), e-mail, the chip, the grants.
  for (const person of answer.users) {
    const cells = rowOf(people(page), person.email).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(person.name);
    await expect(cells.nth(1)).toHaveText(person.email);
    await expect(cells.nth(2)).toHaveText(person.canOpenNow ? "Yes" : "No");
    await expect(cells.nth(3)).toHaveText(shownVia(person.via));
  }
  await expect(footer(page)).toHaveText("1-3 of 3");
  // Bob's one grant is a schedule closed now; Cara's group passes a lockdown.
  await expect(rowOf(people(page), s.bob.email).getByRole("cell").nth(3)).toHaveText(`${s.night.name} (${s.schedule.name})`);
  await expect(rowOf(people(page), s.cara.email).getByRole("cell").nth(3)).toHaveText(
    `${s.night.name} (${s.schedule.name}); ${s.responders.name} (Always, lockdown override)`,
  );

  // The guests, by start: here now (Active), later today (Upcoming), with host and window in the viewer's zone.
  for (const column of ["GUEST", "HOST", "WINDOW", "STATUS"]) await expect(guests(page).getByRole("columnheader", { name: column })).toBeVisible();
  await expect(guests(page).getByRole("row")).toHaveCount(3);
  for (const [visit, status] of [[s.here, "Active"], [s.later, "Upcoming"]] as const) {
    const cells = rowOf(guests(page), visit.guestName).getByRole("cell");
    await expect(cells.nth(1)).toHaveText(fullName(s.alice));
    await expect(cells.nth(2)).toContainText(clock(visit.startsAt));
    await expect(cells.nth(2)).toContainText(clock(visit.endsAt));
    await expect(cells.nth(3)).toHaveText(status);
  }
  expect(answer.visits.map((v) => v.visitId)).toEqual([s.here.id, s.later.id]);

  // Search by e-mail, by name (any case), and nothing found.
  await search(page).fill(s.bob.email.toUpperCase());
  await expect(footer(page)).toHaveText("1-1 of 1");
  await expect(people(page)).toContainText(fullName(s.bob));
  await search(page).fill(`cara ${s.cara.lastName.toLowerCase()}`);
  await expect(footer(page)).toHaveText("1-1 of 1");
  await expect(people(page)).toContainText(s.cara.email);
  await search(page).fill(`nobody-${Date.now()}`);
  await expect(page.getByText("No people match your search.")).toBeVisible();
  await expect(footer(page)).toHaveText("0 of 0");
  await search(page).fill("");

  // Export to CSV: the API's people, line for line.
  const lines = await exportCsv(page, `room-${s.room.id}-access.csv`);
  expect(lines).toEqual([
    "User ID,Name,Email,Can open now,Via",
    ...answer.users.map((u) => csvLine([u.userId, u.name, u.email, u.canOpenNow ? "yes" : "no", csvVia(u.via)])),
  ]);

  await expectAccessibleAtAllWidths(page);
  // At 390 px: cards with the chip in words, and the tab bar fits with Access in it.
  await page.setViewportSize(PHONE);
  await expect(people(page)).toHaveCount(0);
  await expect(peopleCards(page).getByRole("listitem")).toHaveCount(3);
  await expect(peopleCards(page).getByRole("listitem").filter({ hasText: s.bob.email })).toContainText("Cannot open now");
  await expect(peopleCards(page).getByRole("listitem").filter({ hasText: s.alice.email })).toContainText("Can open now");
  await expect(page.getByRole("list", { name: "Guests of this room" }).getByRole("listitem")).toHaveCount(2);
  await expectTabsFit(tabs);
  // The widest bar: a room with a density device has Utilization too (the demo's Main Lobby, only read).
  const lobby = await apiRoomByName(page, "Main Lobby");
  expect(lobby.hasDashboard).toBe(true);
  await page.goto(`/dash/room/${lobby.id}/access`);
  await expect(tabs.getByRole("link", { name: "Utilization" })).toBeVisible();
  await expectTabsFit(tabs);
  await page.goBack();

  // A name opens the person's page.
  await page.setViewportSize(DESKTOP);
  await rowOf(people(page), s.alice.email).getByRole("link", { name: fullName(s.alice) }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/user/${s.alice.id}$`));
});

test("a user's Access: the rooms, Can open now, a closed schedule's next change in the viewer's zone, grants, links, CSV; cards and tabs on a phone", async ({ page }) => {
  const s = await makeScene(page);
  const answer = await userAccess(page, s.bob.id);
  expect(answer.map((r) => [r.roomId, r.canOpenNow, r.nextChange])).toEqual(
    [[s.annex.id, true, null], [s.room.id, false, s.opensAt.toISOString()]],
  );

  await page.goto(`/dash/user/${s.bob.id}`);
  const tabs = page.getByRole("navigation", { name: "User sections" });
  await tabs.getByRole("link", { name: "Access" }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/user/${s.bob.id}/access$`));
  await expect(page).toHaveTitle("Threshold - User Access");
  await expect(tabs.getByRole("link", { name: "Access" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "What Bob can open", level: 2 })).toBeVisible();
  const table = page.getByRole("table", { name: "Room access" });
  for (const column of ["ROOM", "CAN OPEN NOW", "NEXT CHANGE", "VIA"]) await expect(table.getByRole("columnheader", { name: column })).toBeVisible();

  // The closed grant: not open now, open from 09:00 UTC the day after tomorrow, which
  // is 18:00 in Tokyo (the viewer's zone), named by its weekday there.
  const weekday = new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, weekday: "long" }).format(s.opensAt);
  const closed = rowOf(table, s.room.name).getByRole("cell");
  await expect(closed.nth(1)).toHaveText("No");
  await expect(closed.nth(2)).toHaveText(`From ${weekday} 18:00`);
  await expect(closed.nth(3)).toHaveText(`${s.night.name} (${s.schedule.name})`);
  const open = rowOf(table, s.annex.name).getByRole("cell");
  await expect(open.nth(1)).toHaveText("Yes");
  await expect(open.nth(2)).toHaveText("—");
  await expect(open.nth(3)).toHaveText(`${s.night.name} (Always)`);
  await expect(table.getByRole("row")).toHaveCount(3);

  const lines = await exportCsv(page, `user-${s.bob.id}-access.csv`);
  expect(lines).toEqual([
    "Room ID,Room,Can open now,Next change,Via",
    ...answer.map((r) => csvLine([r.roomId, r.roomName, r.canOpenNow ? "yes" : "no", r.nextChange, csvVia(r.via)])),
  ]);

  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(PHONE);
  const cards = page.getByRole("list", { name: "Room access" });
  await expect(cards.getByRole("listitem").filter({ hasText: s.room.name })).toContainText("Cannot open now");
  await expect(cards.getByRole("listitem").filter({ hasText: s.room.name })).toContainText(`From ${weekday} 18:00`);
  await expect(cards.getByRole("listitem").filter({ hasText: s.annex.name })).toContainText("Can open now");
  await expectTabsFit(tabs);

  // A room opens its page.
  await cards.getByRole("link", { name: s.room.name }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/room/${s.room.id}$`));

  // Cara's lockdown override is noted; a user in no group holding a room sees so.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dash/user/${s.cara.id}/access`);
  await expect(page.getByRole("heading", { name: "What Cara can open", level: 2 })).toBeVisible();
  await expect(rowOf(page.getByRole("table", { name: "Room access" }), s.room.name)).toContainText(`${s.responders.name} (Always, lockdown override)`);
  const loner = await apiCreateUser(page, "review-loner", { firstName: "Lone" });
  await page.goto(`/dash/user/${loner.id}/access`);
  await expect(page.getByText("No rooms: none of Lone's groups holds one.")).toBeVisible();
});

test("a room's Access stays windowed with 10,000 people: few rows in the DOM, the last one reachable, search as you type", async ({ page }) => {
  const room: ApiRoom = await apiCreateRoom(page, "Review Hall");
  const group = await apiCreateGroup(page, "Review Everyone");
  await grant(page, group.id, room.id, null);
  const bulk = bulkAccessPeople(group);
  // The real answer plus 10,000 more: making that many users costs an argon2id hash each.
  await page.route(`**/api/rooms/${room.id}/access`, async (route) => {
    const real = (await (await route.fetch()).json()) as RoomAccess;
    await route.fulfill({ json: { ...real, users: [...real.users, ...bulk] } });
  });
  // The 2 MB answer goes through this test's route (and into the trace, when one is
  // recorded): the harness's time, not the app's. Under a full run that and the page's
  // start took the footer's 7 s twice; its wait starts once the answer is in.
  const answered = page.waitForResponse(`**/api/rooms/${room.id}/access`);
  await page.goto(`/dash/room/${room.id}/access`);
  await answered;
  await expect(footer(page)).toHaveText("1-10,000 of 10,000");
  const region = page.getByRole("region", { name: "People who can open this room" });
  const rows = region.locator("[data-row]");
  expect(await rows.count()).toBeLessThan(60);

  await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(region.getByText("bulk-access-09999@bulk.test")).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);

  // Typing searches at once, no Enter needed (how fast: bench/list_search.mjs).
  await search(page).fill("person04321");
  await expect(footer(page)).toHaveText("1-1 of 1");
  await expect(region.getByText("bulk-access-04321@bulk.test")).toBeVisible();

  await search(page).fill("");
  await page.setViewportSize(PHONE);
  await expect(region.getByRole("listitem").first()).toBeVisible();
  expect(await region.getByRole("listitem").count()).toBeLessThan(40);
});

test("both Access tabs ask for their review beside the room or user, not once it has come", async ({ page }) => {
  const room = await apiRoomByName(page, "Main Lobby");
  const user = await apiCreateUser(page, "review-early");
  for (const [thing, review, tab, heading] of [
    [`/api/rooms/${room.id}`, `/api/rooms/${room.id}/access`, `/dash/room/${room.id}/access`, "Who can open this room"],
    [`/api/users/${user.id}`, `/api/users/${user.id}/access`, `/dash/user/${user.id}/access`, `What ${user.firstName} can open`],
  ]) {
    // A deep link on a fresh device: no cached list row stands in for the thing.
    const release = await holdRequests(page, `**${thing}`, "GET");
    const asked = page.waitForRequest((req) => new URL(req.url()).pathname === review, { timeout: 7_000 });
    await page.goto(tab);
    await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toBeVisible();
    await asked;
    release();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await page.unroute(`**${thing}`);
  }
});

test.describe("offline", () => {
  // The service worker serves the app's pages offline, as on an admin's tablet.
  test.use({ serviceWorkers: "allow" });

  test("both Access tabs reload offline with the review as last read, and say when it was read", async ({ page, context }) => {
    const s = await makeScene(page);
    await page.goto(`/dash/room/${s.room.id}/access`);
    const worker = await waitForServiceWorker(page);
    await expect(rowOf(people(page), s.bob.email).getByRole("cell").nth(2)).toHaveText("No");
    await waitForPersisted(page, [`/api/rooms/${s.room.id}`, `/api/rooms/${s.room.id}/access`]);
    await page.goto(`/dash/user/${s.bob.id}/access`);
    const table = page.getByRole("table", { name: "Room access" });
    await expect(rowOf(table, s.room.name).getByRole("cell").nth(1)).toHaveText("No");
    await waitForPersisted(page, [`/api/users/${s.bob.id}`, `/api/users/${s.bob.id}/access`]);
    const asRead = page.getByRole("status").filter({ hasText: /^Offline: as read at \d{2}:\d{2}$/ });
    await expect(asRead).toHaveCount(0);

    await cutNetwork(context, worker);
    await page.reload();
    await expect(page.getByRole("heading", { name: "What Bob can open", level: 2 })).toBeVisible();
    await expect(rowOf(table, s.room.name).getByRole("cell").nth(1)).toHaveText("No");
    await expect(rowOf(table, s.annex.name).getByRole("cell").nth(1)).toHaveText("Yes");
    await expect(asRead).toBeVisible();
    await page.goto(`/dash/room/${s.room.id}/access`);
    await expect(rowOf(people(page), s.cara.email).getByRole("cell").nth(2)).toHaveText("Yes");
    await expect(rowOf(guests(page), s.here.guestName)).toContainText("Active");
    await expect(asRead).toBeVisible();

    await restoreNetwork(context);
    await expect(asRead).toHaveCount(0);
  });
});
