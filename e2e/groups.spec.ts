// The groups area of spec 1 §2, §5, §8 against the real server: the list
// (search, Show Deactivated, counts, actions menu), Add New Group, the group
// page (edit, Danger Zone, missing groups) and its members with the Add Users
// picker (only active users who are not members yet).
import type { Page } from "@playwright/test";
import { apiAddMember, apiCreateGroup, apiCreateUser, apiToggleUser, dashboardSpec, deactivateAndReactivate, openAddDialog, toasts } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, PHONE, test } from "./fixtures";

dashboardSpec(90_000);

const groupsTable = (page: Page) => page.getByRole("table", { name: "Groups" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search groups by name or description" });
const footer = (page: Page) => page.getByText(/^(\d+-\d+|0) of \d+$/);
const rowOf = (page: Page, name: string) => groupsTable(page).getByRole("row").filter({ hasText: name });

async function menuAction(page: Page, group: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${group}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

test.describe("groups list", () => {
  test("columns and counts, search by name or description, Show Deactivated", async ({ page }) => {
    const tag = `grp${Date.now().toString(36)}`;
    const group = await apiCreateGroup(page, "Night Shift", `Covers the ${tag} rota`);
    const user = await apiCreateUser(page, "counted");
    await apiAddMember(page, group.id, user.id);

    await page.goto("/dash/groups");
    await expect(page).toHaveTitle("Threshold - Groups");
    await expect(page.getByRole("heading", { name: "Groups", level: 1 })).toBeVisible();
    for (const column of ["NAME", "STATUS", "USERS", "ROOMS", "ACTIONS"]) {
      await expect(groupsTable(page).getByRole("columnheader", { name: column })).toBeVisible();
    }
    const admin = rowOf(page, "Administrators");
    await expect(admin.getByRole("cell").nth(1)).toHaveText("Active");
    await expectAccessibleAtAllWidths(page);

    await search(page).fill(tag.toUpperCase()); // the description
    await expect(footer(page)).toHaveText("1-1 of 1");
    await expect(rowOf(page, group.name).getByRole("cell").nth(2)).toHaveText("1");
    await expect(rowOf(page, group.name).getByRole("cell").nth(3)).toHaveText("0");
    await search(page).fill(group.name.toLowerCase()); // the name
    await expect(footer(page)).toHaveText("1-1 of 1");

    // The demo's Visitors group is deactivated: hidden until asked for.
    await search(page).fill("Visitors");
    await expect(page.getByText("No groups found")).toBeVisible();
    await page.getByRole("switch", { name: "Show Deactivated" }).check();
    await expect(rowOf(page, "Visitors")).toContainText("Inactive");
    await expectAccessibleAtAllWidths(page);
  });

  test("the actions menu: View Details, Deactivate and Reactivate Group, Delete Group", async ({ page }) => {
    const group = await apiCreateGroup(page, "Menu");
    await page.goto("/dash/groups");
    await search(page).fill(group.name);

    await menuAction(page, group.name, "Deactivate Group");
    await expect(toasts(page)).toContainText("Group deactivated");
    await expect(page.getByText("No groups found")).toBeVisible();
    expect((await (await page.request.get(`/api/groups/${group.id}`)).json()).isActive).toBe(false);
    await page.getByRole("switch", { name: "Show Deactivated" }).check();
    await expect(rowOf(page, group.name)).toContainText("Inactive");
    await menuAction(page, group.name, "Reactivate Group");
    await expect(toasts(page)).toContainText("Group activated");
    await expect(rowOf(page, group.name)).toContainText("Active");

    await menuAction(page, group.name, "View Details");
    await expect(page).toHaveURL(new RegExp(`/dash/groups/${group.id}$`));
    await page.goBack();
    await search(page).fill(group.name);
    await menuAction(page, group.name, "Delete Group");
    await expect(toasts(page)).toContainText("Group deleted");
    await expect(page.getByText("No groups found")).toBeVisible();
    expect((await page.request.get(`/api/groups/${group.id}`)).status()).toBe(404);
  });

  test("the Admin group cannot be deactivated when no admin would be left: the server's reason shows", async ({ page }) => {
    await page.goto("/dash/groups");
    await menuAction(page, "Admin", "Deactivate Group");
    await expect(toasts(page)).toContainText("Failed to update group status");
    await expect(toasts(page)).toContainText("no active administrator would be left");
    await expect(rowOf(page, "Administrators")).toContainText("Active");
  });

  test("phones get a card per group", async ({ page }) => {
    const group = await apiCreateGroup(page, "Cards", "shown as a card");
    await page.setViewportSize(PHONE);
    await page.goto("/dash/groups");
    await search(page).fill(group.name);
    const card = page.getByRole("list", { name: "Groups" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("0 users · 0 rooms");
    await expect(card).toContainText("shown as a card");
  });
});

test.describe("Add New Group", () => {
  test("needs a name, refuses a taken one, then opens the new group", async ({ page }) => {
    const { dialog, create } = await openAddDialog(page, "/dash/groups", "Add Group", "Add New Group", "Create Group");
    await dialog.getByLabel("Group Name").fill("   ");
    await expect(create).toBeDisabled();
    await expectAccessibleAtAllWidths(page);

    await dialog.getByLabel("Group Name").fill("admin"); // names are unique regardless of case
    await create.click();
    await expect(dialog.getByText("A group with this name already exists")).toBeVisible();

    const name = `Weekend Crew ${Date.now().toString(36)}`;
    await dialog.getByLabel("Group Name").fill(`  ${name}  `);
    await create.click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Group created");
    await expect(page).toHaveURL(/\/dash\/groups\/\d+$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  });
});

test.describe("group page", () => {
  test("tabs, editing name and description, the Danger Zone", async ({ page }) => {
    const group = await apiCreateGroup(page, "Editable", "Before");
    await page.goto(`/dash/groups/${group.id}`);
    await expect(page).toHaveTitle("Threshold - Group");
    const tabs = page.getByRole("navigation", { name: "Group sections" });
    for (const [tab, path] of [["Overview", ""], ["Users", "/users"], ["Rooms", "/rooms"], ["Logs", "/logs"]]) {
      await expect(tabs.getByRole("link", { name: tab })).toHaveAttribute("href", `/dash/groups/${group.id}${path}`);
    }
    await expect(tabs.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expectAccessibleAtAllWidths(page);

    const details = page.getByRole("region", { name: "Group Details" });
    await details.getByLabel("Description").fill("  ");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Group name and description are required.");

    const name = `Edited ${Date.now().toString(36)}`;
    await details.getByLabel("Name").fill(name);
    await details.getByLabel("Description").fill("After the edit");
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Group updated");
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByText("After the edit").first()).toBeVisible();
    expect(await (await page.request.get(`/api/groups/${group.id}`)).json()).toMatchObject({ name, description: "After the edit" });

    const zone = await deactivateAndReactivate(page, "Group", { deactivated: "Group deactivated", activated: "Group activated" });
    await zone.getByRole("button", { name: "Delete Group" }).click();
    await expect(toasts(page)).toContainText("Group deleted");
    await expect(page).toHaveURL(/\/dash\/groups$/);
    expect((await page.request.get(`/api/groups/${group.id}`)).status()).toBe(404);
  });

  test("a missing group goes back to the list; another failure says Group not found", async ({ page }) => {
    await page.goto("/dash/groups/987654321");
    await expect(page).toHaveURL(/\/dash\/groups$/);
    await page.route("**/api/groups/424242", (route) => route.fulfill({ status: 500, json: { error: "Boom" } }));
    await page.goto("/dash/groups/424242");
    await expect(page.getByRole("heading", { name: "Group not found" })).toBeVisible();
    await expect(toasts(page)).toContainText("Failed to fetch group");
    await expectAccessibleAtAllWidths(page);
  });
});

test.describe("group members", () => {
  test("Add Users lists only active non-members; add and remove with the confirmation", async ({ page }) => {
    const tag = `mbr${Date.now().toString(36)}`;
    const group = await apiCreateGroup(page, "Members", "membership test");
    const candidate = await apiCreateUser(page, tag, { firstName: "Cand", lastName: `Idate${tag}` });
    const inactive = await apiCreateUser(page, tag, { firstName: "Ina", lastName: `Ctive${tag}` });
    await apiToggleUser(page, inactive.id);

    const empty = await apiCreateGroup(page, "Empty");
    await page.goto(`/dash/groups/${empty.id}/users`);
    await expect(page).toHaveTitle("Threshold - Group Users");
    await expect(page.getByText("No users in this group.")).toBeVisible();
    await expectAccessibleAtAllWidths(page);

    const existing = await apiCreateUser(page, tag, { firstName: "Already", lastName: `Member${tag}` });
    await apiAddMember(page, group.id, existing.id);
    await page.goto(`/dash/groups/${group.id}/users`);
    const members = page.getByRole("table", { name: "Members" });
    for (const column of ["NAME", "EMAIL", "ACTIONS"]) await expect(members.getByRole("columnheader", { name: column })).toBeVisible();
    await expect(members).toContainText(existing.email);

    // The picker, searched by this test's tag: only the active non-member.
    await page.getByRole("button", { name: "Add Users" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Users" });
    const pickerSearch = dialog.getByRole("searchbox", { name: "Search users by name or email..." });
    await pickerSearch.fill(tag);
    const picks = dialog.getByRole("list", { name: "Users to add" }).getByRole("listitem");
    await expect(picks).toHaveCount(1);
    await expect(picks).toContainText(candidate.email);
    await pickerSearch.fill(candidate.email.toUpperCase());
    await expect(picks).toHaveCount(1);
    await pickerSearch.fill(`Cand Idate${tag}`);
    await expect(picks).toHaveCount(1);
    await pickerSearch.fill(inactive.email);
    await expect(dialog.getByText("No users found matching your search.")).toBeVisible();
    await pickerSearch.fill(tag);
    await expectAccessibleAtAllWidths(page);

    // As the pick takes its row (here the whole list) away, focus never falls to the page
    // behind the dialog, where Escape would miss it: watched at each change to the dialog.
    await dialog.evaluate((el) => {
      const seen = window as unknown as { focusFell?: boolean };
      seen.focusFell = false;
      new MutationObserver(() => (seen.focusFell ||= document.activeElement === document.body)).observe(el, { childList: true, subtree: true });
    });
    await dialog.getByRole("button", { name: `Add Cand Idate${tag}` }).click();
    await expect(dialog.getByText("No users found matching your search.")).toBeVisible(); // now a member
    expect(await page.evaluate(() => (window as unknown as { focusFell?: boolean }).focusFell)).toBe(false);
    await page.keyboard.press("Escape");
    await expect(toasts(page)).toContainText("User added");
    await expect(members).toContainText(candidate.email);
    const inGroup = (await (await page.request.get(`/api/groups/${group.id}/users`)).json()) as { id: number }[];
    expect(inGroup.map((m) => m.id).sort()).toEqual([candidate.id, existing.id].sort());

    // Search the members.
    const memberSearch = page.getByRole("searchbox", { name: "Search members by name or email" });
    await memberSearch.fill(candidate.email);
    await expect(members.locator("tbody tr")).toHaveCount(1);
    await memberSearch.fill("nobody at all");
    await expect(page.getByText("No users found matching your search.")).toBeVisible();
    await memberSearch.fill("");

    // Remove asks first, with the spec's words.
    await members.getByRole("button", { name: `Remove Cand Idate${tag}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(
      `Are you sure you want to remove Cand Idate${tag} from this group? They will lose all access from group.`,
    );
    await expectAccessibleAtAllWidths(page);
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(toasts(page)).toContainText("User removed");
    await expect(members).not.toContainText(candidate.email);

    // The counts and the user's own groups follow.
    await page.goto("/dash/groups");
    await search(page).fill(group.name);
    await expect(rowOf(page, group.name).getByRole("cell").nth(2)).toHaveText("1");
    await page.goto(`/dash/user/${existing.id}/groups`);
    await expect(page.getByRole("list", { name: "Groups" })).toContainText(group.name);
  });

  test("the server's refusal to remove a member shows in the toast", async ({ page }) => {
    const group = await apiCreateGroup(page, "Refusal");
    const user = await apiCreateUser(page, "refused");
    await apiAddMember(page, group.id, user.id);
    await page.goto(`/dash/groups/${group.id}/users`);
    await expect(page.getByRole("table", { name: "Members" })).toContainText(user.email);
    // Someone else removed them meanwhile: the server answers 404 with its reason.
    expect((await page.request.delete(`/api/groups/${group.id}/users/${user.id}`)).status()).toBe(200);
    await page.getByRole("button", { name: `Remove ${user.firstName} ${user.lastName}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(toasts(page)).toContainText("Failed to remove user from group");
    await expect(toasts(page)).toContainText("This user is not a member of this group");
  });
});
