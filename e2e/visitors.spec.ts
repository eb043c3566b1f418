// Visitors (spec 4 §5, issue 30) against the real server in demo mode, its demo
// mailbox and a real reference controller: an admin adds a visit from
// /dash/visitors; the guest, in a browser of their own, opens the e-mailed pass
// link, sees the PIN and the QR code (read back as THRESHOLD-PASS:<token>) and
// unlocks the room, whose door acknowledges; the host is e-mailed `Your guest <name>
// has arrived` and the admin's chip turns `Arrived HH:MM`; reloaded offline, the
// pass still shows PIN and QR code. The Visitors page's tabs, search, chips, the
// server's refusals in Add Visit, Copy pass link (as answered, or a new one that
// replaces the guest's), Edit and Revoke, offline; a member's Guests on /app.
// Every test makes its own rooms, people and visits.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import decodeQR from "qr/decode.js";
import { signInByApi, uniqueEmail } from "./accounts";
import { apiAddMember, apiCreateGroup, apiCreateUser, signInAsAdmin, toasts } from "./dashboard";
import { startDoor } from "./door_process";
import { DESKTOP, expect, expectAccessibleAtAllWidths, expectPageMeta, PHONE, test } from "./fixtures";
import { linkPath, waitForMail } from "./mailbox";
import { cutNetwork, restoreNetwork, waitForServiceWorker } from "./offline_helpers";
import { apiAddGroupRoom, apiCreateDevice, apiCreateRoom, uniqueName } from "./spaces";

test.use({ serviceWorkers: "block", viewport: DESKTOP });
// Two or three browsers, the mailbox and a controller per test, on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const REVOKE_TEXT = "Revoke this pass? The guest will no longer get in.";
const HOUR = 60 * 60 * 1000;

type ApiVisit = { id: number; guestName: string; pin: string; status: string; passUrl?: string; updatedAt: string };

/** A visit made through the API with the admin's cookies: from `startIn` for `hours`. */
async function apiCreateVisit(request: APIRequestContext, body: { guestName: string; roomIds: number[]; startIn: number; hours?: number; hostId?: number }) {
  const startsAt = new Date(Date.now() + body.startIn);
  const endsAt = new Date(startsAt.getTime() + (body.hours ?? 2) * HOUR);
  const res = await request.post("/api/visits", {
    data: { guestName: body.guestName, roomIds: body.roomIds, hostId: body.hostId, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiVisit & { passUrl: string };
}

async function apiVisitNamed(request: APIRequestContext, guestName: string): Promise<ApiVisit> {
  const res = await request.get(`/api/visits?search=${encodeURIComponent(guestName)}`);
  expect(res.status(), await res.text()).toBe(200);
  const [visit] = (await res.json()) as ApiVisit[];
  return visit;
}

/** A room of the list (a table row, or a phone's card) holding the text. */
const visitRow = (page: Page, text: string) => page.getByRole("main").locator("tr, li").filter({ hasText: text });

/** The QR code as drawn (its SVG path's dark modules painted into pixels), read back by the qr package's decoder. */
async function readQr(qr: Locator): Promise<string> {
  const { viewBox, path } = await qr.evaluate((svg) => ({ viewBox: svg.getAttribute("viewBox")!, path: svg.querySelector("path")!.getAttribute("d")! }));
  const size = Number(viewBox.split(" ")[2]);
  const scale = 4;
  const width = size * scale;
  const data = new Uint8Array(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return decodeQR({ width, height: width, data });
}

/** Picks options of a Joy Autocomplete by typing each and choosing it. */
async function choose(dialog: Locator, label: string, names: string[]) {
  const box = dialog.getByRole("combobox", { name: label });
  for (const name of names) {
    await box.fill(name);
    await dialog.page().getByRole("option", { name }).click();
  }
}

test("an admin adds a visit; the guest opens the e-mailed pass, unlocks a door and the host hears of the arrival; offline the pass still shows", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  const room = await apiCreateRoom(page, "Visit Lobby");
  const reader = await apiCreateDevice(page, "Visit Reader", { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${reader.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  const door = startDoor(baseURL!, ((await keyed.json()) as { apiKey: string }).apiKey);
  const host = await apiCreateUser(page, "visithost", { firstName: "Hana" });
  const hostName = `Hana ${host.lastName}`;
  const guestName = uniqueName("Grace");
  const guestEmail = uniqueEmail("guest");
  const guestContext = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: "allow", timezoneId: "America/New_York" });
  try {
    await door.heard(/stream connected/);

    // Add Visit: the host and the room chosen, the window proposed (from the next quarter hour: its pass works now).
    await page.goto("/dash/visitors");
    await expectPageMeta(page, "Visitors");
    await page.getByRole("button", { name: "Add Visit" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Visit" });
    await dialog.getByLabel("Guest name").fill(guestName);
    await dialog.getByLabel("Guest e-mail").fill(guestEmail);
    await dialog.getByRole("combobox", { name: "Host" }).clear();
    await choose(dialog, "Host", [hostName]);
    await choose(dialog, "Rooms", [room.name]);
    await dialog.getByLabel("Note").fill("Interview at reception");
    await dialog.getByRole("button", { name: "Create Visit" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Visit added");
    const row = visitRow(page, guestName);
    await expect(row).toContainText(hostName);
    await expect(row).toContainText(room.name);
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    const visit = await apiVisitNamed(page.request, guestName);
    await expect(row).toContainText(visit.pin);

    // The guest's e-mail, and its link opened in the guest's own browser (another zone).
    const invited = await waitForMail(page.request, guestEmail, `${hostName} invited you to ${room.name}`);
    const passPath = linkPath(invited, "/visit/");
    const token = passPath.split("/").pop()!;
    const guest = await guestContext.newPage();
    await guest.goto(passPath);
    await expect(guest.getByRole("heading", { name: `Hello ${guestName}` })).toBeVisible();
    await expectPageMeta(guest, "Visitor Pass");
    await expect(guest.getByText(`Your host: ${hostName}`)).toBeVisible();
    await expect(guest.getByText("Times in America/New_York")).toBeVisible();
    const startsNy = new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .format(new Date(((await (await page.request.get(`/api/visits/${visit.id}`)).json()) as { startsAt: string }).startsAt));
    await expect(guest.getByText(new RegExp(`, ${startsNy}[–\\s]`))).toBeVisible();
    await expect(guest.getByTestId("pass-pin")).toHaveText(visit.pin);
    const qr = guest.getByRole("img", { name: "QR code of your pass" });
    await expect(qr).toBeVisible();
    expect(await readQr(qr)).toBe(`THRESHOLD-PASS:${token}`);
    await expectAccessibleAtAllWidths(guest);
    await guest.setViewportSize(PHONE);

    // Unlock: the doors' decision, a command the controller acknowledges.
    await guest.getByRole("button", { name: `Unlock ${room.name}` }).click();
    await expect(guest.getByRole("status").filter({ hasText: "Door unlocked" })).toBeVisible();
    await door.heard(new RegExp(`door unlocked remotely for ${guestName} \\(guest of ${hostName}\\)`));

    // The host hears of the arrival; the admin's chip says when, live.
    await waitForMail(page.request, host.email, `Your guest ${guestName} has arrived`);
    await expect(row.getByText(/^Arrived \d\d:\d\d$/)).toBeVisible();

    // Kept on the guest's device (never the token, nor the PIN in the clear), and shown offline.
    const worker = await waitForServiceWorker(guest);
    await expect.poll(() => guest.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("threshold-pass:")).length)).toBe(1);
    const kept = await guest.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(kept).not.toContain(token);
    expect(kept).not.toContain(visit.pin);
    await cutNetwork(guestContext, worker);
    await guest.reload();
    await expect(guest.getByRole("heading", { name: `Hello ${guestName}` })).toBeVisible();
    await expect(guest.getByTestId("pass-pin")).toHaveText(visit.pin);
    expect(await readQr(guest.getByRole("img", { name: "QR code of your pass" }))).toBe(`THRESHOLD-PASS:${token}`);
    await expect(guest.getByText(/^Offline: your pass as saved on this device at /)).toBeVisible();
    await expect(guest.getByRole("button", { name: "Unlocking needs a connection" })).toBeDisabled();
    await restoreNetwork(guestContext);

    // The admin's own Guests on /app hold only the guests they host, not this one (Hana's).
    const mine = page.waitForResponse((res) => res.url().includes("/api/visits?hostId="));
    await page.goto("/app");
    expect((await mine).status()).toBe(200);
    await expect(page.getByRole("region", { name: "Guests" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Guests" })).not.toContainText(guestName);
  } finally {
    await guestContext.close();
    await door.stop();
  }
});

test("the Visitors page: tabs, search, chips, the server's refusals, Copy pass link, Edit and Revoke; offline", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page);
  const room = await apiCreateRoom(page, "Visit Hall");
  const tag = uniqueName("Vis").replace(/\s/g, "");
  const today = await apiCreateVisit(page.request, { guestName: `${tag} Ada`, roomIds: [room.id], startIn: 60_000 });
  const later = await apiCreateVisit(page.request, { guestName: `${tag} Bea`, roomIds: [room.id], startIn: 3 * 24 * HOUR });
  const cancelled = await apiCreateVisit(page.request, { guestName: `${tag} Cy`, roomIds: [room.id], startIn: 4 * 24 * HOUR });
  expect((await page.request.post(`/api/visits/${cancelled.id}/revoke`)).status()).toBe(200);

  await page.goto("/dash/visitors");
  const tabs = page.getByRole("navigation", { name: "Visit lists" });
  await expect(tabs.getByRole("link", { name: "Today" })).toHaveAttribute("aria-current", "page");
  const search = page.getByRole("searchbox", { name: "Search visitors by guest, e-mail or host" });
  await search.fill(tag);
  await expect(visitRow(page, `${tag} Ada`).getByText("Active", { exact: true })).toBeVisible();
  await expect(visitRow(page, `${tag} Bea`)).toHaveCount(0);
  await expect(page.getByText("1-1 of 1")).toBeVisible();

  await tabs.getByRole("link", { name: "Upcoming" }).click();
  await expect(page).toHaveURL(/\/dash\/visitors\/upcoming$/);
  await expect(search).toHaveValue(tag);
  await expect(visitRow(page, `${tag} Bea`).getByText("Upcoming", { exact: true })).toBeVisible();
  await expect(visitRow(page, `${tag} Cy`).getByText("Revoked", { exact: true })).toBeVisible();
  // Over: no pass to copy, nothing to edit or revoke.
  await expect(visitRow(page, `${tag} Cy`).getByRole("button")).toHaveCount(0);
  await search.fill(`${tag} Bea`);
  await expect(visitRow(page, `${tag} Cy`)).toHaveCount(0);
  await tabs.getByRole("link", { name: "Past" }).click();
  await expect(page).toHaveURL(/\/dash\/visitors\/past$/);
  await expect(page.getByText("No visits match your search.")).toBeVisible();
  await tabs.getByRole("link", { name: "Today" }).click();
  await search.fill(tag);

  // Copy pass link on a visit made elsewhere: its link cannot be read back, so a new one replaces it (after saying so).
  const ada = visitRow(page, `${tag} Ada`);
  await ada.getByRole("button", { name: `Copy pass link for ${tag} Ada` }).click();
  const renew = page.getByRole("alertdialog", { name: "Make a new pass link?" });
  await expect(renew).toContainText("the guest's current link and QR code stop working");
  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(DESKTOP);
  await renew.getByRole("button", { name: "Make New Link" }).click();
  await expect(toasts(page)).toContainText("Pass link copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/visit\/[A-Za-z0-9_-]{43}$/);
  const oldToken = today.passUrl.split("/").pop()!;
  expect((await page.request.get(`/api/pass/${oldToken}`)).status()).toBe(404);
  expect((await page.request.get(`/api/pass/${copied.split("/").pop()}`)).status()).toBe(200);
  // Known to this page now: copied again as it is, no new link.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await ada.getByRole("button", { name: `Copy pass link for ${tag} Ada` }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
  await expect(renew).toBeHidden();

  // Add Visit: the server's refusals, in its words; then a visit whose link is copied as the create answered it.
  await page.getByRole("button", { name: "Add Visit" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Visit" });
  await choose(dialog, "Rooms", [room.name]);
  await dialog.getByRole("button", { name: "Create Visit" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Guest name is required");
  await dialog.getByLabel("Guest name").fill(`${tag} Dee`);
  const start = await dialog.getByLabel("Start").inputValue();
  await dialog.getByLabel("End").fill(start);
  await dialog.getByRole("button", { name: "Create Visit" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The visit must end after it starts");
  const [day, time] = start.split("T");
  const far = new Date(`${day}T${time}`);
  far.setDate(far.getDate() + 15);
  await dialog.getByLabel("End").fill(`${far.getFullYear()}-${String(far.getMonth() + 1).padStart(2, "0")}-${String(far.getDate()).padStart(2, "0")}T${time}`);
  await dialog.getByRole("button", { name: "Create Visit" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("A visit lasts at most 14 days");
  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(DESKTOP);
  await dialog.getByLabel("End").fill(`${day}T23:59`);
  const created = page.waitForResponse((res) => res.url().endsWith("/api/visits") && res.request().method() === "POST");
  await dialog.getByRole("button", { name: "Create Visit" }).click();
  const answer = (await (await created).json()) as { passUrl: string };
  await expect(dialog).toBeHidden();
  const dee = visitRow(page, `${tag} Dee`);
  await dee.getByRole("button", { name: `Copy pass link for ${tag} Dee` }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(answer.passUrl);
  await expect(renew).toBeHidden();

  // Edit: the same fields, saved.
  await dee.getByRole("button", { name: `Edit visit of ${tag} Dee` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Visit" });
  await expect(edit.getByLabel("Guest name")).toHaveValue(`${tag} Dee`);
  await edit.getByLabel("Guest name").fill(`${tag} Dora`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Visit updated");
  const dora = visitRow(page, `${tag} Dora`);
  await expect(dora).toBeVisible();

  // Revoke: the spec's confirmation, then the chip.
  await dora.getByRole("button", { name: `Revoke pass of ${tag} Dora` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke Pass" });
  await expect(confirm).toContainText(REVOKE_TEXT);
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(toasts(page)).toContainText("Pass revoked");
  await expect(dora.getByText("Revoked", { exact: true })).toBeVisible();
  await expect(dora.getByRole("button")).toHaveCount(0);
  expect(await (await page.request.get(`/api/pass/${answer.passUrl.split("/").pop()}`)).json()).toMatchObject({ status: "revoked" });

  // A phone: cards; the list passes the check at both widths.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("list", { name: "Today visits" }).getByRole("listitem").filter({ hasText: `${tag} Ada` })).toBeVisible();
  await expectAccessibleAtAllWidths(page);

  // Offline: the list as read, every change off.
  await page.context().setOffline(true);
  await expect(page.getByText("Visitors need a connection")).toBeVisible();
  await expect(ada.getByRole("button", { name: `Revoke pass of ${tag} Ada` })).toBeDisabled();
  await expect(ada.getByRole("button", { name: `Copy pass link for ${tag} Ada` })).toBeDisabled();
  await page.context().setOffline(false);
  await expect(ada.getByRole("button", { name: `Revoke pass of ${tag} Ada` })).toBeEnabled();
  expect(later.status).toBe("upcoming");
});

test("a member invites a guest from /app to one of their doors, then revokes the pass", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  const room = await apiCreateRoom(page, "Guest Studio");
  const other = await apiCreateRoom(page, "Not Theirs");
  const group = await apiCreateGroup(page, "Guest Hosts");
  await apiAddGroupRoom(page, group.id, room.id);
  const member = await apiCreateUser(page, "guesthost", { firstName: "Milo" });
  await apiAddMember(page, group.id, member.id);
  const guestName = uniqueName("Gil");
  const phone = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: "block" });
  try {
    const app = await phone.newPage();
    await signInByApi(app, member.email, "correct-horse-battery");
    await app.goto("/app");
    const guests = app.getByRole("region", { name: "Guests" });
    await guests.getByRole("button", { name: "Invite a Guest" }).click();
    const dialog = app.getByRole("dialog", { name: "Invite a Guest" });
    await expect(dialog.getByRole("combobox", { name: "Host" })).toHaveCount(0);
    await dialog.getByRole("combobox", { name: "Rooms" }).fill(other.name);
    await expect(app.getByRole("option", { name: other.name })).toHaveCount(0);
    await choose(dialog, "Rooms", [room.name]);
    await dialog.getByLabel("Guest name").fill(guestName);
    await dialog.getByRole("button", { name: "Invite Guest" }).click();
    await expect(dialog).toBeHidden();
    const card = guests.getByRole("listitem").filter({ hasText: guestName });
    await expect(card.getByText("Active", { exact: true })).toBeVisible();
    await expect(card).toContainText(room.name);
    const visit = await apiVisitNamed(page.request, guestName);
    expect(visit.status).toBe("active");
    await expect(card).toContainText(visit.pin);
    await expectAccessibleAtAllWidths(app);
    await app.setViewportSize(PHONE);

    await card.getByRole("button", { name: `Revoke pass of ${guestName}` }).click();
    const confirm = app.getByRole("alertdialog", { name: "Revoke Pass" });
    await expect(confirm).toContainText(REVOKE_TEXT);
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await expect(card).toHaveCount(0);
    // The card leaves as the tap is taken (an optimistic change); the server's answer follows.
    await expect.poll(async () => (await apiVisitNamed(page.request, guestName)).status).toBe("revoked");
  } finally {
    await phone.close();
  }
});
