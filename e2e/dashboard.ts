// Helpers of the dashboard end-to-end tests: sign the page in as the demo
// admin, and make users and groups through the API with the page's own cookies.
import type { Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_PASSWORD, signInByApi, uniqueEmail } from "./accounts";
import { expect } from "./fixtures";

export const toasts = (page: Page) => page.getByRole("region", { name: /notifications/i });

export async function signInAsAdmin(page: Page) {
  await signInByApi(page, DEMO_ADMIN.email, DEMO_PASSWORD);
}

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
