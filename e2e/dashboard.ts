// Helpers of the dashboard end-to-end tests: a dashboard spec's setup, sign
// the page in as the demo admin, the lists' shared controls, and make users
// and groups through the API with the page's own cookies.
import type { Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_PASSWORD, signInByApi, uniqueEmail } from "./accounts";
import { DESKTOP, expect, holdRequests, test } from "./fixtures";

// The toasts' live region ("Notifications (F8)"), not the Alarms page's Notifications card.
export const toasts = (page: Page) => page.getByRole("region", { name: /^notifications \(/i });

export async function signInAsAdmin(page: Page) {
  await signInByApi(page, DEMO_ADMIN.email, DEMO_PASSWORD);
}

/**
 * A dashboard spec: no service worker (page.route must see every call, and
 * offline tests cut the network themselves), a desktop window, each test
 * signed in as the demo admin, and `timeout` for flows that walk several
 * screens and check accessibility at two widths on each.
 */
export function dashboardSpec(timeout: number) {
  test.use({ serviceWorkers: "block", viewport: DESKTOP });
  test.describe.configure({ timeout });
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });
}

/** A list's "1-n of n" footer. */
export const listFooter = (page: Page) => page.getByText(/^(\d[\d,]*-\d[\d,]*|0) of [\d,]+$/);
export const showDeactivatedSwitch = (page: Page) => page.getByRole("switch", { name: "Show Deactivated" });

export type ApiUser = { id: number; email: string; firstName: string; lastName: string; isActive: boolean; updatedAt: string };

/** A fresh user made by the signed-in admin (POST /api/users). */
export async function apiCreateUser(page: Page, tag: string, names: Partial<{ firstName: string; lastName: string }> = {}) {
  const body = {
    firstName: names.firstName ?? "Test",
    lastName: names.lastName ?? `${tag[0].toUpperCase()}${tag.slice(1)}${Date.now().toString(36)}`,
    email: uniqueEmail(tag),
    password: "correct-horse-battery",
  };
  const res = await page.request.post("/api/users", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiUser;
}

export async function apiToggleUser(page: Page, id: number) {
  const res = await page.request.patch(`/api/users/${id}/toggle-active`);
  expect(res.status(), await res.text()).toBe(200);
}

export type ApiGroup = { id: number; name: string; description: string | null; isActive: boolean; updatedAt: string };

export async function apiCreateGroup(page: Page, tag: string, description?: string) {
  const name = `${tag} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const res = await page.request.post("/api/groups", { data: { name, description } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiGroup;
}

export async function apiAddMember(page: Page, groupId: number, userId: number) {
  const res = await page.request.post(`/api/groups/${groupId}/users/${userId}`);
  expect(res.status(), await res.text()).toBeLessThan(300);
}

export async function apiUserByEmail(page: Page, email: string): Promise<ApiUser> {
  const users = (await (await page.request.get("/api/users")).json()) as ApiUser[];
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** Opens a list page's Add dialog: the dialog and its create button, which waits for a name. */
export async function openAddDialog(page: Page, list: string, opener: string, title: string, createLabel: string) {
  await page.goto(list);
  await page.getByRole("button", { name: opener }).click();
  const dialog = page.getByRole("dialog", { name: title });
  const create = dialog.getByRole("button", { name: createLabel });
  await expect(create).toBeDisabled();
  return { dialog, create };
}

/** On a thing's page: Deactivate, then Reactivate, from its Danger Zone, each with its toast. */
export async function deactivateAndReactivate(page: Page, kind: string, toastTexts: { deactivated: string; activated: string }) {
  const zone = page.getByRole("region", { name: "Danger Zone" });
  await zone.getByRole("button", { name: `Deactivate ${kind}` }).click();
  await expect(toasts(page)).toContainText(toastTexts.deactivated);
  await expect(page.getByRole("main").getByText("Inactive", { exact: true })).toBeVisible();
  await zone.getByRole("button", { name: `Reactivate ${kind}` }).click();
  await expect(toasts(page)).toContainText(toastTexts.activated);
  await expect(page.getByRole("main").getByText("Active", { exact: true })).toBeVisible();
  return zone;
}

/** A thing's page says `loading` while its read is held, then shows the thing under its name. */
export async function expectLoadingThenShown(page: Page, path: string, read: string, loading: string, name: string) {
  const release = await holdRequests(page, read);
  await page.goto(path);
  await expect(page.getByText(loading)).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}
