// The users area of spec 1 §2, §4, §5, §8 against the real server: the list
// (search, Show Deactivated, badges, windowing), Add New User, the User
// Actions dialog, the user page and its Groups, Credentials and Log tabs.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { bulkUsers } from "./bulk_people.mjs";
import { DEMO_ADMIN, DEMO_MEMBER, uniqueEmail } from "./accounts";
import {
  apiCreateUser,
  apiToggleUser,
  apiUserByEmail,
  dashboardSpec,
  deactivateAndReactivate,
  listFooter as footer,
  showDeactivatedSwitch as showDeactivated,
  toasts,
} from "./dashboard";
import { expect, expectAccessibleAtAllWidths, expectPageMeta, holdRequests, PHONE, test } from "./fixtures";
import { linkPath, waitForMail } from "./mailbox";

dashboardSpec(90_000);

const usersRegion = (page: Page) => page.getByRole("region", { name: "Users" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search users by name or email" });

/** A new user's tab, with nothing to show yet: its empty text, accessible at every width. */
async function emptyUserTab(page: Page, tag: string, tab: string, emptyText: string) {
  const user = await apiCreateUser(page, tag);
  await page.goto(`/dash/user/${user.id}/${tab}`);
  await expect(page.getByText(emptyText)).toBeVisible();
  await expectAccessibleAtAllWidths(page);
  return user;
}

test.describe("users list", () => {
  test("searches by name or e-mail, hides deactivated users, shows badges and the footer", async ({ page }) => {
    const tag = `lst${Date.now().toString(36)}`;
    const active = await apiCreateUser(page, tag, { firstName: "Quinn", lastName: `Active${tag}` });
    const inactive = await apiCreateUser(page, tag, { firstName: "Rory", lastName: `Gone${tag}` });
    await apiToggleUser(page, inactive.id);

    await page.goto("/dash/users");
    await expectPageMeta(page, "Users");
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    await expect(footer(page)).toHaveText(/^1-\d+ of \d+$/);
    await expect(showDeactivated(page)).not.toBeChecked();

    // The demo admin: name, e-mail, Active, Admin.
    const adminRow = usersRegion(page).getByRole("row").filter({ hasText: DEMO_ADMIN.email });
    await expect(adminRow).toContainText(`${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`);
    await expect(adminRow).toContainText("Active");
    await expect(adminRow.getByText("Admin", { exact: true })).toBeVisible();
    await expectAccessibleAtAllWidths(page);

    // Any case, by full name or by e-mail.
    await search(page).fill(`QUINN ACTIVE${tag}`);
    await expect(footer(page)).toHaveText("1-1 of 1");
    await expect(usersRegion(page)).toContainText(active.email);
    await search(page).fill(active.email.toUpperCase());
    await expect(footer(page)).toHaveText("1-1 of 1");
    await search(page).fill(tag);
    await expect(footer(page)).toHaveText("1-1 of 1");
    await expect(usersRegion(page)).not.toContainText(inactive.email);

    // Show Deactivated brings the deactivated one back, marked Inactive.
    await showDeactivated(page).check();
    await expect(footer(page)).toHaveText("1-2 of 2");
    const row = usersRegion(page).getByRole("row").filter({ hasText: inactive.email });
    await expect(row).toContainText("Inactive");
    await expect(row).toContainText(`Rory Gone${tag}`);

    await search(page).fill(`nobody-${tag}`);
    await expect(page.getByText("No users match your search criteria.")).toBeVisible();
    await expect(footer(page)).toHaveText("0 of 0");
    await expectAccessibleAtAllWidths(page);
  });

  test("phones get a card per user", async ({ page }) => {
    const user = await apiCreateUser(page, "card");
    await page.setViewportSize(PHONE);
    await page.goto("/dash/users");
    await search(page).fill(user.email);
    const card = usersRegion(page).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(user.email);
    await expect(card).toContainText("Active");
    await expect(usersRegion(page).getByRole("table")).toHaveCount(0);
    await card.getByRole("link", { name: `${user.firstName} ${user.lastName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dash/user/${user.id}$`));
  });

  test("stays windowed with 10,000 users: few rows in the DOM, the last one reachable, filtering as you type", async ({ page }) => {
    // The real list plus 10,000 more: making that many through the API costs
    // an argon2id hash each (minutes), and the embedded database takes one connection.
    // The real list is read once: tests in the other worker add users meanwhile,
    // and the footer must count what the page was given.
    let served: { isActive: boolean }[] | undefined;
    await page.route("**/api/users", async (route) => {
      served ??= [...(await (await route.fetch()).json()), ...bulkUsers];
      await route.fulfill({ json: served });
    });
    // As for a room's Access (access_review.spec.ts): the footer's wait starts once the answer is in.
    const answered = page.waitForResponse("**/api/users");
    await page.goto("/dash/users");
    await answered;
    const total = served!.filter((u) => u.isActive).length;
    await expect(footer(page)).toHaveText(`1-${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`);
    const rows = usersRegion(page).locator("[data-row]");
    expect(await rows.count()).toBeLessThan(60);

    // Scrolling reaches the last user, still with only a window of rows.
    const region = usersRegion(page);
    await region.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(region.getByText("bulk-user-09999@bulk.test")).toBeVisible();
    expect(await rows.count()).toBeLessThan(60);

    // Typing filters the 10,000 at once, no Enter needed (how fast: bench/list_search.mjs).
    await search(page).fill("person04321");
    await expect(footer(page)).toHaveText("1-1 of 1");
    await expect(region.getByText("bulk-user-04321@bulk.test")).toBeVisible();

    // The phone cards are windowed as well.
    await search(page).fill("");
    await page.setViewportSize(PHONE);
    await expect(region.getByRole("listitem").first()).toBeVisible();
    expect(await region.getByRole("listitem").count()).toBeLessThan(40);
  });
});

test.describe("Add New User", () => {
  test("shows the spec's validation messages, the server's duplicate e-mail error, then opens the new user", async ({ page }) => {
    await page.goto("/dash/users");
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    await expect(dialog).toBeVisible();
    // Spec 4 §4: an invitation by default, and then no password (accounts_by_email.spec.ts sends one).
    const invite = dialog.getByRole("switch", { name: "Send an invitation e-mail" });
    await expect(invite).toBeChecked();
    await expect(dialog.getByLabel("Password")).toHaveCount(0);
    await invite.uncheck();
    for (const label of ["First Name", "Last Name", "Email", "Password"]) {
      await expect(dialog.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(dialog.getByLabel("Password")).toHaveAttribute("minlength", "8");
    await expectAccessibleAtAllWidths(page);

    const create = dialog.getByRole("button", { name: "Create User" });
    await create.click();
    await expect(dialog.getByRole("alert")).toHaveText("Please fill in all required fields correctly");
    await expect(dialog).toContainText("First name is required");
    await expect(dialog).toContainText("Password is required");

    await dialog.getByLabel("First Name").fill("Ada");
    await dialog.getByLabel("Last Name").fill("Lovelace");
    await dialog.getByLabel("Email").fill("ada.example.com");
    await dialog.getByLabel("Password").fill("short");
    await create.click();
    await expect(dialog).toContainText("Please enter a valid email address");
    await expect(dialog).toContainText("Password must be at least 8 characters");
    await expectAccessibleAtAllWidths(page);

    // The server refuses an e-mail already in use, whatever its case.
    await dialog.getByLabel("Email").fill(DEMO_ADMIN.email.toUpperCase());
    await dialog.getByLabel("Password").fill("analytical-engine");
    await create.click();
    await expect(dialog.getByRole("alert")).toHaveText("A user with this email already exists");

    const email = uniqueEmail("added");
    await dialog.getByLabel("Email").fill(email);
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dash\/user\/\d+$/);
    await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();

    // The list was refreshed.
    await page.getByRole("link", { name: "Users", exact: true }).first().click();
    await search(page).fill(email);
    await expect(footer(page)).toHaveText("1-1 of 1");
  });

  test("offline, the new user is kept on this device, opens at once marked Pending, and is sent (and invited) when back online", async ({ page, context }) => {
    // The service worker is blocked here, so load the user page's code while online.
    const admin = await apiUserByEmail(page, DEMO_ADMIN.email);
    await page.goto(`/dash/user/${admin.id}`);
    await page.getByRole("link", { name: "Users", exact: true }).first().click();
    await expect(footer(page)).toBeVisible();
    await context.setOffline(true);
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    const email = uniqueEmail("offline");
    await dialog.getByLabel("First Name").fill("Offline");
    await dialog.getByLabel("Last Name").fill("Olsen");
    await dialog.getByLabel("Email").fill(email);
    // Invited (the switch's default): the e-mail goes once the create reaches the server.
    await expect(dialog.getByRole("switch", { name: "Send an invitation e-mail" })).toBeChecked();
    await dialog.getByRole("button", { name: "Create User" }).click();

    await expect(page).toHaveURL(/\/dash\/user\/-\d+$/);
    await expect(page.getByRole("heading", { name: "Offline Olsen", level: 1 })).toBeVisible();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/dash\/user\/\d+$/, { timeout: 20_000 });
    await expect(page.getByText("Pending", { exact: true })).toBeHidden();
    const made = await apiUserByEmail(page, email);
    expect(page.url()).toMatch(new RegExp(`/dash/user/${made.id}$`));
    expect(linkPath(await waitForMail(page.request, email, "You're invited to Threshold"), "/invite/")).toMatch(/^\/invite\/[\w-]{43}$/);
  });
});

test.describe("User Actions dialog", () => {
  test("deactivates and reactivates (busy labels), resends an invitation, views details", async ({ page }) => {
    const user = await apiCreateUser(page, "acts");
    const name = `${user.firstName} ${user.lastName}`;
    await page.goto("/dash/users");
    await search(page).fill(user.email);
    await page.getByRole("button", { name: `Actions for ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "User Actions" });
    await expect(dialog).toContainText("Choose an action for users");
    await expectAccessibleAtAllWidths(page);

    // Hold the toggle to see the busy label.
    const release = await holdRequests(page, "**/api/users/*/toggle-active");
    await dialog.getByRole("button", { name: "Deactivate User" }).click();
    await expect(dialog.getByRole("button", { name: "Deactivating..." })).toBeDisabled();
    release();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("User deactivated");
    await expect(page.getByText("No users match your search criteria.")).toBeVisible();

    await showDeactivated(page).check();
    const row = usersRegion(page).getByRole("row").filter({ hasText: user.email });
    await expect(row).toContainText("Inactive");
    await row.getByRole("button", { name: `Actions for ${name}` }).click();
    await dialog.getByRole("button", { name: "Reactivate User" }).click();
    await expect(toasts(page)).toContainText("User reactivated");
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: `Actions for ${name}` }).click();
    const invited = page.waitForResponse((r) => r.url().endsWith(`/api/users/${user.id}/resend-invitation`));
    await dialog.getByRole("button", { name: "Resend Invitation" }).click();
    expect((await invited).status()).toBe(202);
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Invitation queued");
    await expect(toasts(page)).toContainText(user.email);

    await row.getByRole("button", { name: `Actions for ${name}` }).click();
    await dialog.getByRole("button", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/dash/user/${user.id}$`));
  });

  test("the server's refusal is shown: an admin cannot deactivate their own account", async ({ page }) => {
    await page.goto("/dash/users");
    await search(page).fill(DEMO_ADMIN.email);
    await page.getByRole("button", { name: `Actions for ${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}` }).click();
    await page.getByRole("dialog", { name: "User Actions" }).getByRole("button", { name: "Deactivate User" }).click();
    await expect(toasts(page)).toContainText("You cannot deactivate your own account");
    await expect(usersRegion(page).getByRole("row").filter({ hasText: DEMO_ADMIN.email })).toContainText("Active");
  });
});

test.describe("user page", () => {
  test("Overview: edit personal details, the validation toast, the server's refusal", async ({ page }) => {
    const user = await apiCreateUser(page, "edit");
    await page.goto(`/dash/user/${user.id}`);
    await expect(page).toHaveTitle("Threshold - User");
    await expect(page.getByRole("heading", { name: `${user.firstName} ${user.lastName}`, level: 1 })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "User sections" });
    for (const tab of ["Overview", "Groups", "Credentials", "Log"]) await expect(tabs.getByRole("link", { name: tab })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expectAccessibleAtAllWidths(page);

    const details = page.getByRole("region", { name: "Personal Details" });
    const save = details.getByRole("button", { name: "Save Changes" });
    await details.getByLabel("First Name").fill("   ");
    await save.click();
    await expect(toasts(page)).toContainText("Validation Error");
    await expect(toasts(page)).toContainText("All fields are required.");

    await details.getByLabel("First Name").fill("Grace");
    await details.getByLabel("Email").fill(DEMO_MEMBER.email);
    await save.click();
    await expect(toasts(page)).toContainText("A user with this email already exists");

    const email = uniqueEmail("edited");
    await details.getByLabel("Last Name").fill("Hopper");
    await details.getByLabel("Email").fill(email);
    await save.click();
    await expect(toasts(page)).toContainText("User updated");
    await expect(page.getByRole("heading", { name: "Grace Hopper", level: 1 })).toBeVisible();
    const saved = await (await page.request.get(`/api/users/${user.id}`)).json();
    expect(saved).toMatchObject({ firstName: "Grace", lastName: "Hopper", email });
  });

  test("Danger Zone: deactivate and reactivate, delete after the browser's confirmation", async ({ page }) => {
    const user = await apiCreateUser(page, "doomed", { firstName: "Doomed" });
    await page.goto(`/dash/user/${user.id}`);
    const zone = await deactivateAndReactivate(page, "User", { deactivated: "User deactivated", activated: "User reactivated" });

    // Dismissing the confirmation keeps the user.
    const confirmation = `Are you sure you want to permanently delete Doomed ${user.lastName}? This action cannot be undone.`;
    page.once("dialog", async (dialog) => {
      expect(dialog.type()).toBe("confirm");
      expect(dialog.message()).toBe(confirmation);
      await dialog.dismiss();
    });
    await zone.getByRole("button", { name: "Delete User" }).click();
    await expect(page).toHaveURL(new RegExp(`/dash/user/${user.id}$`));
    expect((await page.request.get(`/api/users/${user.id}`)).status()).toBe(200);

    page.once("dialog", (dialog) => dialog.accept());
    await zone.getByRole("button", { name: "Delete User" }).click();
    await expect(toasts(page)).toContainText("User deleted");
    await expect(toasts(page)).toContainText("The user has been permanently deleted.");
    await expect(page).toHaveURL(/\/dash\/users$/);
    expect((await page.request.get(`/api/users/${user.id}`)).status()).toBe(404);
  });

  test("Danger Zone: the busy label names the switch under way; a deactivation queued offline never switches back on", async ({ page, context }) => {
    const user = await apiCreateUser(page, "stale", { firstName: "Stale" });
    await page.goto(`/dash/user/${user.id}`);
    const zone = page.getByRole("region", { name: "Danger Zone" });
    // The page shows the switch at once; the button says what is under way meanwhile.
    const release = await holdRequests(page, "**/api/users/*/toggle-active");
    await zone.getByRole("button", { name: "Deactivate User" }).click();
    await expect(zone.getByRole("button", { name: "Deactivating..." })).toBeDisabled();
    release();
    await expect(toasts(page)).toContainText("User deactivated");
    await zone.getByRole("button", { name: "Reactivate User" }).click();
    await expect(toasts(page)).toContainText("User reactivated");
    await page.unroute("**/api/users/*/toggle-active");

    // Offline, this admin deactivates them; meanwhile another admin did so already.
    await context.setOffline(true);
    await zone.getByRole("button", { name: "Deactivate User" }).click();
    await expect(page.getByText("Pending", { exact: true })).toBeVisible();
    const other = await page.request.patch(`/api/users/${user.id}/toggle-active`, { data: { isActive: false } });
    expect(other.status(), await other.text()).toBe(200);
    await context.setOffline(false);
    // The queued change goes: it says "off", not "switch", so they stay off.
    await expect(page.getByText("Pending", { exact: true })).toBeHidden();
    await expect(zone.getByRole("button", { name: "Reactivate User" })).toBeVisible();
    const read = await (await page.request.get(`/api/users/${user.id}`)).json();
    expect(read.isActive).toBe(false);
  });

  test("a failed delete says so with the server's reason", async ({ page }) => {
    const admin = await apiUserByEmail(page, DEMO_ADMIN.email);
    await page.goto(`/dash/user/${admin.id}`);
    page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("region", { name: "Danger Zone" }).getByRole("button", { name: "Delete User" }).click();
    await expect(toasts(page)).toContainText("Delete failed");
    await expect(toasts(page)).toContainText("You cannot delete your own account");
    await expect(page).toHaveURL(new RegExp(`/dash/user/${admin.id}$`));
  });

  test("an unknown user shows User Not Found with a way back", async ({ page }) => {
    await page.goto("/dash/user/987654321");
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
    await expect(page.getByText("The user you're looking for doesn't exist.")).toBeVisible();
    await expectAccessibleAtAllWidths(page);
    await page.getByRole("link", { name: "Back to Users" }).click();
    await expect(page).toHaveURL(/\/dash\/users$/);
  });

  test("Identity Verification card: Not Started, In Progress, Canceled, and the error box", async ({ page }) => {
    const user = await apiCreateUser(page, "idv");
    await page.goto(`/dash/user/${user.id}`);
    const card = page.getByRole("region", { name: "Identity Verification" });
    await expect(card).toContainText("Not Started");
    await expect(card).toContainText("User has not started verification process");

    const answer = async (body: object) => {
      await page.unroute(`**/api/users/${user.id}/verification-status`);
      await page.route(`**/api/users/${user.id}/verification-status`, (route) => route.fulfill({ json: body }));
      await page.reload();
    };
    await answer({ verified: false, status: "requires_input", verificationUrl: null, verificationDate: null, lastError: null });
    await expect(card).toContainText("In Progress");
    await expect(card).toContainText("User is currently completing verification");
    await answer({ verified: false, status: "canceled", verificationUrl: null, verificationDate: null, lastError: null });
    await expect(card).toContainText("Canceled");
    await expect(card).toContainText("Verification was canceled");
    await answer({ verified: false, status: "requires_input", verificationUrl: null, verificationDate: null, lastError: { message: "The document was expired" } });
    await expect(card.getByText("Verification Error")).toBeVisible();
    await expect(card).toContainText("The document was expired");
    await answer({ verified: false, status: "requires_input", verificationUrl: null, verificationDate: null, lastError: { code: "x" } });
    await expect(card).toContainText("An error occurred during verification");
    await expectAccessibleAtAllWidths(page);
  });
});

test.describe("user tabs", () => {
  test("Groups: expands a group's rooms, searches, links to Manage Groups", async ({ page }) => {
    const member = await apiUserByEmail(page, DEMO_MEMBER.email);
    await page.goto(`/dash/user/${member.id}/groups`);
    await expect(page).toHaveTitle("Threshold - User Groups");
    const groups = page.getByRole("list", { name: "Groups" });
    const engineering = groups.getByRole("listitem").filter({ hasText: "Engineering" }).first();
    await expect(groups.getByRole("listitem").filter({ hasText: "Staff" }).first()).toBeVisible();
    await engineering.getByRole("button", { name: "Show Rooms" }).click();
    const rooms = engineering.getByRole("list", { name: "Rooms" });
    await expect(rooms.getByRole("listitem").first()).toBeVisible();
    const expected = (await (await page.request.get(`/api/users/${member.id}/groups`)).json() as { id: number; name: string }[])
      .find((g) => g.name === "Engineering")!;
    const names = (await (await page.request.get(`/api/groups/${expected.id}/rooms`)).json() as { name: string }[]).map((r) => r.name);
    await expect(rooms.getByRole("listitem")).toHaveCount(names.length);
    for (const name of names) await expect(rooms).toContainText(name);
    await expectAccessibleAtAllWidths(page);
    await engineering.getByRole("button", { name: "Hide Rooms" }).click();
    await expect(rooms).toBeHidden();

    await page.getByRole("searchbox", { name: "Search groups..." }).fill("ENGIN");
    await expect(groups.getByRole("listitem").filter({ hasText: "Staff" })).toHaveCount(0);
    await expect(groups.getByRole("listitem").filter({ hasText: "Engineering" })).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Search groups..." }).fill("no such group");
    await expect(page.getByText("No groups found matching your search.")).toBeVisible();

    await page.getByRole("link", { name: "Manage Groups" }).click();
    await expect(page).toHaveURL(/\/dash\/groups$/);
  });

  test("Groups: none assigned, and a group whose rooms cannot be read shows none", async ({ page }) => {
    await emptyUserTab(page, "nogroups", "groups", "No groups assigned to this user.");

    const member = await apiUserByEmail(page, DEMO_MEMBER.email);
    await page.route("**/api/groups/*/rooms", (route) => route.fulfill({ status: 404, json: { error: "Not found" } }));
    await page.goto(`/dash/user/${member.id}/groups`);
    const staff = page.getByRole("list", { name: "Groups" }).getByRole("listitem").filter({ hasText: "Staff" }).first();
    await staff.getByRole("button", { name: "Show Rooms" }).click();
    await expect(staff.getByText("No rooms in this group.")).toBeVisible();
  });

  test("Credentials: add, edit by clicking the row, a taken card refused, remove after confirming", async ({ page }) => {
    const user = await apiCreateUser(page, "creds");
    const other = await apiCreateUser(page, "creds2");
    const taken = `T${Date.now()}`;
    const res = await page.request.post(`/api/users/${other.id}/credentials`, {
      data: { type: "Mifare", facilityCode: "", cardCode: taken },
    });
    expect(res.status()).toBe(201);

    await page.goto(`/dash/user/${user.id}/credentials`);
    await expect(page).toHaveTitle("Threshold - User Credentials");
    await expect(page.getByText("No credentials found for this user.")).toBeVisible();
    await expectAccessibleAtAllWidths(page);

    await page.getByRole("button", { name: "Add Credentials" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Credentials" });
    const add = dialog.getByRole("button", { name: "Add Credential" });
    await expect(add).toBeDisabled(); // no type yet
    await dialog.getByRole("combobox", { name: "Type" }).click();
    for (const type of ["HID Prox", "PKOC BLE", "EM41", "Mifare"]) await expect(page.getByRole("option", { name: type })).toBeVisible();
    await page.getByRole("option", { name: "HID Prox" }).click();
    await expect(add).toBeEnabled();
    await dialog.getByLabel("Facility Code").fill(" 42 ");
    const card = `C${Date.now()}`;
    await dialog.getByLabel("Card Code").fill(` ${card} `);
    await expectAccessibleAtAllWidths(page);
    await add.click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Credential added");

    const table = page.getByRole("table", { name: "Credentials" });
    for (const column of ["TYPE", "FACILITY CODE", "CARD CODE", "ACTIONS"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const row = table.getByRole("row").filter({ hasText: card });
    await expect(row).toContainText("HID Prox");
    await expect(row).toContainText("42");

    // A click on the row edits it; a card another user holds is refused.
    await row.getByRole("cell").first().click();
    const edit = page.getByRole("dialog", { name: "Edit Credential" });
    await expect(edit.getByLabel("Card Code")).toHaveValue(card);
    await edit.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Mifare" }).click();
    await edit.getByLabel("Facility Code").fill("");
    await edit.getByLabel("Card Code").fill(taken);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText("This card is already registered");
    await edit.getByLabel("Card Code").fill(`${card}9`);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(toasts(page)).toContainText("Credential updated");
    const edited = table.getByRole("row").filter({ hasText: `${card}9` });
    await expect(edited).toContainText("Mifare");

    await edited.getByRole("button", { name: "Remove Mifare credential" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Credential" });
    await expect(confirm).toContainText("This action cannot be undone.");
    await expectAccessibleAtAllWidths(page);
    await confirm.getByRole("button", { name: "Delete Credential" }).click();
    await expect(toasts(page)).toContainText("Credential removed");
    await expect(page.getByText("No credentials found for this user.")).toBeVisible();
    expect(await (await page.request.get(`/api/users/${user.id}/credentials`)).json()).toEqual([]);
  });

  test("Credentials: a verified user's System Managed row is neither editable nor removable", async ({ page, request }) => {
    // The person verifies their identity on the Stripe simulator's hosted page.
    const person = await createUserWithIdentity(request);
    const user = await apiUserByEmail(page, person.email);

    await page.goto(`/dash/user/${user.id}/credentials`);
    const table = page.getByRole("table", { name: "Credentials" });
    const system = table.getByRole("row").filter({ hasText: "System Managed" });
    await expect(system).toBeVisible();
    await expect(system).toContainText("Stripe Identity");
    await expect(system.getByRole("button")).toHaveCount(0);
    await system.getByRole("cell").first().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectAccessibleAtAllWidths(page);

    // The same verification: the Overview's Verified badge and the list's icon.
    await page.getByRole("navigation", { name: "User sections" }).getByRole("link", { name: "Overview" }).click();
    const card = page.getByRole("region", { name: "Identity Verification" });
    await expect(card.getByRole("link", { name: /Verified/ })).toHaveAttribute("target", "_blank");
    await expect(card).toContainText(/Verified on \w{3} \d{1,2}, \d{4}/);
    await page.goto("/dash/users");
    await search(page).fill(person.email);
    await expect(usersRegion(page).getByRole("img", { name: "Identity verified" })).toBeVisible();
  });

  test("Log: the member's real access log with search, All Events, Filters, paging and CSV export", async ({ page }) => {
    const member = await apiUserByEmail(page, DEMO_MEMBER.email);
    const all = await (await page.request.get(`/api/users/${member.id}/logs?limit=200`)).json();
    expect(all.items.length).toBeGreaterThan(50);

    await page.goto(`/dash/user/${member.id}/logs`);
    await expect(page).toHaveTitle("Threshold - User Logs");
    const table = page.getByRole("table", { name: "Access logs" });
    for (const column of ["TIMESTAMP", "USER", "CREDENTIAL", "ACTION", "OUTCOME"]) {
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(50);
    const first = all.items[0];
    await expect(rows.first()).toContainText(first.deviceName);
    await expect(rows.first()).toContainText("Morgan Miller");
    await expect(rows.first().getByRole("cell").first()).toHaveText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    const pager = page.getByText(/^(\d+-\d+|0) of [\d,+]+$/);
    await expect(pager).toHaveText(`1-50 of ${all.total}`);
    await expectAccessibleAtAllWidths(page);

    // Keyset paging on the server.
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(pager).toHaveText(`51-${Math.min(100, all.total)} of ${all.total}`);
    await expect(rows.first()).toContainText(all.items[50].deviceName);
    await page.getByRole("button", { name: "Previous page" }).click();
    await expect(pager).toHaveText(`1-50 of ${all.total}`);

    // Outcomes: green Authorized Access, red Access Denied; the Filters choice.
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("group", { name: "Filters" }).getByRole("combobox", { name: "Outcome" }).click();
    await page.getByRole("option", { name: "Access Denied" }).click();
    const denied = all.items.filter((i: { outcome: string }) => i.outcome === "denied").length;
    await expect(pager).toHaveText(`1-${denied} of ${denied}`);
    for (const cell of await rows.locator("td:nth-child(5)").all()) await expect(cell).toHaveText("Access Denied");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(pager).toHaveText(`1-50 of ${all.total}`);

    // All Events narrows to one action.
    await page.getByRole("combobox", { name: "Event" }).click();
    await page.getByRole("option", { name: "Unlock", exact: true }).click();
    const unlocks = all.items.filter((i: { action: string }) => i.action === "Unlock").length;
    await expect(pager).toHaveText(`1-${Math.min(50, unlocks)} of ${unlocks}`);
    for (const cell of await rows.locator("td:nth-child(4)").all()) await expect(cell).toHaveText("Unlock");
    await page.getByRole("combobox", { name: "Event" }).click();
    await page.getByRole("option", { name: "All Events" }).click();

    // Search (sent once typing pauses), then export exactly the filtered rows.
    await page.getByRole("searchbox", { name: "Search logs" }).fill("turnstile");
    const turnstile = all.items.filter((i: { deviceName: string }) => /turnstile/i.test(i.deviceName)).length;
    await expect(pager).toHaveText(`1-${Math.min(50, turnstile)} of ${turnstile}`);
    for (const cell of await rows.locator("td:nth-child(3)").all()) await expect(cell).toContainText("Turnstile");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export to CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`user-${member.id}-access-logs.csv`);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,Timestamp,User,Device,Room,Credential,Action,Outcome,Reason");
    expect(lines).toHaveLength(turnstile + 1);
    for (const line of lines.slice(1)) expect(line).toMatch(/Morgan Miller,Lobby Turnstile,/);

    await page.getByRole("searchbox", { name: "Search logs" }).fill("no-such-device-anywhere");
    await expect(page.getByText("No access logs match your search or filters.")).toBeVisible();
    await expect(pager).toHaveText("0 of 0");
  });

  test("Log: a user without activity, and the phone cards", async ({ page }) => {
    await emptyUserTab(page, "nolog", "logs", "No access logs found for this user.");

    const member = await apiUserByEmail(page, DEMO_MEMBER.email);
    await page.setViewportSize(PHONE);
    await page.goto(`/dash/user/${member.id}/logs`);
    const cards = page.getByRole("list", { name: "Access logs" }).getByRole("listitem");
    await expect(cards).toHaveCount(50);
    await expect(cards.first()).toContainText(/Authorized Access|Access Denied/);
  });
});

/** Signs a fresh person up and completes Stripe Identity on the simulator's hosted page. */
async function createUserWithIdentity(request: import("@playwright/test").APIRequestContext) {
  const { createUser } = await import("./accounts");
  const person = await createUser(request, "verified");
  const start = await request.post("/api/stripe/verification-session");
  expect(start.status(), await start.text()).toBe(200);
  const { url } = await start.json();
  const done = await request.post(url, { form: { decision: "complete" }, maxRedirects: 0 });
  expect(done.status(), await done.text()).toBe(303);
  const status = await (await request.get("/api/stripe/verification-status")).json();
  expect(status.verified).toBe(true);
  return person;
}
