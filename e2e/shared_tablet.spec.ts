// One tablet, several people (issue 12), in Chromium with the service worker
// active and the network cut for page and worker: an admin's offline changes
// never reach the server under the next person's session and are shown to no
// one else; a sign-out made offline ends the server session at the first chance;
// and the next person finds nothing of the previous one in IndexedDB.
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_PASSWORD, signInThroughForm, uniqueEmail } from "./accounts";
import { DESKTOP, expect, test } from "./fixtures";
import { cutNetwork, readIndexedDb, readOfflineDb, restoreNetwork, waitForPersisted, waitForServiceWorker } from "./offline_helpers";
import { uniqueName } from "./spaces";

test.use({ viewport: DESKTOP, serviceWorkers: "allow" });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = "correct-horse-battery";
type Person = { id: number; email: string; firstName: string; lastName: string };

/** The demo admin's own API session (a cookie jar apart from the page's): the server's view. */
async function server(request: APIRequestContext) {
  const res = await request.post("/api/auth/login", { data: { email: DEMO_ADMIN.email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const json = async (path: string) => {
    const r = await request.get(path);
    expect(r.status(), await r.text()).toBe(200);
    return await r.json();
  };
  return {
    json,
    async person(tag: string, admin: boolean): Promise<Person> {
      const body = { firstName: tag, lastName: "Tablet", email: uniqueEmail(tag), password: PASSWORD };
      const made = await request.post("/api/users", { data: body });
      expect(made.status(), await made.text()).toBe(201);
      const user = (await made.json()) as Person;
      if (admin) {
        const groups = (await json("/api/groups")) as { id: number; name: string }[];
        const adminGroup = groups.find((g) => g.name === "Admin")!;
        const added = await request.post(`/api/groups/${adminGroup.id}/users/${user.id}`);
        expect(added.status(), await added.text()).toBeLessThan(300);
      }
      return user;
    },
    async room(): Promise<{ id: number; name: string }> {
      const made = await request.post("/api/rooms", { data: { name: uniqueName("Tablet room") } });
      expect(made.status(), await made.text()).toBe(201);
      return await made.json();
    },
  };
}

const banner = (page: Page) =>
  page.getByRole("status", { includeHidden: true }).filter({ hasText: /Offline|waiting|attention/ }).first();
const avatar = (page: Page) => page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: /^Sign out / });

/** Everything in the app's IndexedDB database, as text. */
const dumpIndexedDb = async (page: Page) => JSON.stringify(await readIndexedDb(page));

/** Offline: renames the room and deactivates the user, two changes the outbox holds. */
async function queueTwoChanges(page: Page, roomId: number, roomName: string, userId: number) {
  await page.goto(`/dash/room/${roomId}`);
  await page.getByLabel("Room Name").fill(roomName);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(banner(page)).toContainText("1 change waiting");
  await page.goto(`/dash/user/${userId}`);
  await page.getByRole("region", { name: "Danger Zone" }).getByRole("button", { name: "Deactivate User" }).click();
  await expect(banner(page)).toContainText("2 changes waiting");
}

async function signOutFromDashboard(page: Page, choice?: "keep" | "discard") {
  await avatar(page).click();
  const dialog = page.getByRole("alertdialog", { name: "Sign Out" });
  if (choice) {
    await expect(dialog).toContainText("2 changes have not reached the server yet.");
    const keep = dialog.getByRole("radio", { name: "Keep them for my next sign-in on this device" });
    await expect(keep).toBeChecked(); // the default
    if (choice === "discard") await dialog.getByRole("radio", { name: "Discard them" }).check();
  }
  await dialog.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("admin A's offline changes never go under admin B, are shown to nobody else, and go under A at A's next sign-in", async ({ page, request }) => {
  const api = await server(request);
  const [a, b, target] = [await api.person("Ada", true), await api.person("Bea", true), await api.person("Cy", false)];
  const room = await api.room();
  const renamed = uniqueName("Renamed by A");

  await signInThroughForm(page, a.email, PASSWORD);
  await page.goto("/dash/users");
  const worker = await waitForServiceWorker(page);
  for (const [path, key] of [[`/dash/room/${room.id}`, `/api/rooms/${room.id}`], [`/dash/user/${target.id}`, `/api/users/${target.id}`]]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForPersisted(page, [key]);
  }

  await cutNetwork(page.context(), worker);
  await queueTwoChanges(page, room.id, renamed, target.id);

  await signOutFromDashboard(page, "keep");
  await expect(banner(page)).toHaveText(/^Offline$/); // nothing of A's on the sign-in page
  await expect(page.getByRole("button", { name: "Review changes" })).toHaveCount(0);
  const kept = await readOfflineDb(page);
  expect(kept.keys).toEqual([]); // A's cached data is gone
  expect(kept.outbox).toHaveLength(2);

  // Back online, B signs in on the same tablet.
  await restoreNetwork(page.context());
  await signInThroughForm(page, b.email, PASSWORD);
  await page.goto("/dash/rooms");
  await expect(page.getByRole("heading", { name: "Rooms", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Review changes" })).toHaveCount(0);
  // B's own change goes through the same outbox; A's, had they been eligible, would have gone first.
  const bRoom = await api.room();
  await page.goto(`/dash/room/${bRoom.id}`);
  await page.getByLabel("Room Name").fill(`${bRoom.name} (B)`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(async () => (await api.json(`/api/rooms/${bRoom.id}`)).name).toBe(`${bRoom.name} (B)`);
  expect((await api.json(`/api/rooms/${room.id}`)).name).toBe(room.name);
  expect((await api.json(`/api/users/${target.id}`)).isActive).toBe(true);
  expect((await readOfflineDb(page)).outbox).toHaveLength(2); // still A's, waiting

  await signOutFromDashboard(page);
  await signInThroughForm(page, a.email, PASSWORD);
  await expect.poll(async () => (await api.json(`/api/rooms/${room.id}`)).name).toBe(renamed);
  await expect.poll(async () => (await api.json(`/api/users/${target.id}`)).isActive).toBe(false);
  await expect.poll(async () => (await readOfflineDb(page)).outbox.length).toBe(0);
});

test("changes discarded at sign-out are gone; the next sign-in of the same person finds none", async ({ page, request }) => {
  const api = await server(request);
  const a = await api.person("Dee", true);
  const room = await api.room();
  const target = await api.person("Eve", false);

  await signInThroughForm(page, a.email, PASSWORD);
  await page.goto(`/dash/room/${room.id}`);
  const worker = await waitForServiceWorker(page);
  await expect(page.getByRole("heading", { name: room.name, level: 1 })).toBeVisible();
  await waitForPersisted(page, [`/api/rooms/${room.id}`]);
  await page.goto(`/dash/user/${target.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForPersisted(page, [`/api/users/${target.id}`]);

  await cutNetwork(page.context(), worker);
  await queueTwoChanges(page, room.id, uniqueName("Never"), target.id);
  await signOutFromDashboard(page, "discard");
  expect((await readOfflineDb(page)).outbox).toEqual([]);

  await restoreNetwork(page.context());
  await signInThroughForm(page, a.email, PASSWORD);
  await page.goto("/dash/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Review changes" })).toHaveCount(0);
  expect((await api.json(`/api/rooms/${room.id}`)).name).toBe(room.name);
  expect((await api.json(`/api/users/${target.id}`)).isActive).toBe(true);
});

test("signing out from /app offline ends the server session when the network returns", async ({ page, request }) => {
  const api = await server(request);
  const member = await api.person("Fay", false);
  await signInThroughForm(page, member.email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Welcome Fay" })).toBeVisible();
  const worker = await waitForServiceWorker(page);

  await cutNetwork(page.context(), worker);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Still offline, even after a reload: /app no longer lets anyone in.
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login$/);

  await restoreNetwork(page.context());
  await expect
    .poll(() => page.evaluate(() => fetch("/api/auth/me").then((r) => r.status)), { timeout: 20_000 })
    .toBe(401);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login$/);
});

test("a member signing in after an admin finds no admin data in IndexedDB", async ({ page, request }) => {
  const api = await server(request);
  const admin = await api.person("Gus", true);
  const member = await api.person("Hal", false);
  await signInThroughForm(page, admin.email, PASSWORD);
  await page.goto("/dash/users");
  await waitForServiceWorker(page);
  await expect(page.getByRole("region", { name: "Users" })).toContainText(DEMO_MEMBER.email);
  // Saved before the next page load, which would end a write still under way.
  await waitForPersisted(page, ["/api/users"]);
  await page.goto("/dash/groups");
  await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
  await waitForPersisted(page, ["/api/users", "/api/groups/with-counts"]);
  expect(await dumpIndexedDb(page)).toContain(DEMO_MEMBER.email); // the admin's cache held the users list

  await signOutFromDashboard(page);
  await signInThroughForm(page, member.email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Welcome Hal" })).toBeVisible();
  await expect.poll(async () => (await readOfflineDb(page)).keys).toContain("/api/auth/me");
  const dump = await dumpIndexedDb(page);
  expect(dump).not.toContain(admin.email);
  expect(dump).not.toContain(DEMO_ADMIN.email);
  expect(dump).not.toContain(DEMO_MEMBER.email);
  // Only the member's own /app reads: the session, their verification, their doors, whether
  // they have Face ID, the active lockdowns as their banner shows them, and their guests.
  const own = ["/api/auth/me", "/api/stripe/verification-status", "/api/me/doors", "/api/me/lockdowns", `/api/auth/passkey/check/${encodeURIComponent(member.email)}`];
  const ownGuests = `/api/visits?hostId=${member.id}&`;
  expect((await readOfflineDb(page)).keys.filter((k) => !own.includes(k) && !k.startsWith(ownGuests))).toEqual([]);
  // Besides the member's own, only Joy UI's colour-scheme settings of the device itself.
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys.filter((k) => !k.startsWith("joy-"))).toEqual(["rememberedEmail", "user"]);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user")!).email)).toBe(member.email);
});
