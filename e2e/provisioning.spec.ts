// The Provisioning tab of /dash/users (spec 4 §6) against the real server: the admin
// reads the SCIM base URL, makes a token (shown once, copied, kept nowhere in the
// browser), and this test uses it as an identity provider would, with a bearer token
// and no cookies, on the address the tab shows; `Last used` then moves; a revoked
// token is refused at once. A member cannot reach the tab; a phone gets cards and
// everything fits 390 px; offline the list stays and its changes are off.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_PASSWORD, signInByApi } from "./accounts";
import { dashboardSpec, toasts } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, expectPageMeta, PHONE, test } from "./fixtures";
import { everythingKept } from "./offline_helpers";

dashboardSpec(60_000);

const PATH = "/dash/users/provisioning";
const WARNING =
  "Copy this token now and paste it into your identity provider: it will not be shown again. Threshold keeps only a hash of it; if it is lost, make a new one and revoke this one.";

let counter = 0;
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${(counter++).toString(36)}`;

const tokensTable = (page: Page) => page.getByRole("table", { name: "Tokens" });
const rowOf = (page: Page, name: string) => tokensTable(page).getByRole("row").filter({ hasText: name });

/** What an identity provider does first: look a user up by userName, with the token and nothing else. */
const scimLookup = (request: APIRequestContext, baseUrl: string, token: string, email: string) =>
  request.get(`${baseUrl}/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: "application/scim+json" },
  });

/** Makes a token through the API as the page's admin; revoke it when done. */
async function apiCreateToken(page: Page, name: string) {
  const res = await page.request.post("/api/scim-tokens", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; token: string };
}

/** The element is inside the 390 px window, not cut at its right edge. */
async function expectInsidePhone(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.x, "starts inside the window").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "ends inside the window").toBeLessThanOrEqual(PHONE.width);
}

test("an admin makes a token, an identity provider uses it on the address shown, Last used moves, and a revoked token is refused", async ({ page, context, request, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/dash/users");
  const tabs = page.getByRole("navigation", { name: "Users sections" });
  await expect(tabs.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Provisioning" }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expectPageMeta(page, "User Provisioning");
  await expect(tabs.getByRole("link", { name: "Provisioning" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();

  // The base URL: this origin's /scim/v2, copied as shown.
  const baseUrlField = page.getByRole("textbox", { name: "SCIM base URL" });
  await expect(baseUrlField).toHaveValue(`${baseURL}/scim/v2`);
  const baseUrl = await baseUrlField.inputValue();
  await page.getByRole("button", { name: "Copy SCIM base URL" }).click();
  await expect(page.getByRole("button", { name: "Copied SCIM base URL" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(baseUrl);

  // New Token: a name, then the token once, with the warning.
  const name = uniqueName("Okta");
  await page.getByRole("button", { name: "New Token" }).click();
  const dialog = page.getByRole("dialog", { name: "New Token" });
  const create = dialog.getByRole("button", { name: "Create Token" });
  await expect(create).toBeDisabled();
  await dialog.getByLabel("Name").fill(name);
  await create.click();
  const shown = page.getByRole("dialog", { name: "SCIM token" });
  await expect(shown).toContainText(WARNING);
  const field = shown.getByRole("textbox", { name: "SCIM token" });
  const token = await field.inputValue();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copy SCIM token" }).click();
  await expect(shown.getByRole("button", { name: "Copied SCIM token" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // The list behind it is read again and saved for offline use: the token is not in it,
  // nor anywhere else this browser keeps (IndexedDB, localStorage, sessionStorage).
  await expect.poll(async () => (await everythingKept(page)).includes(name), { message: "the list with the new token saved" }).toBe(true);
  expect((await everythingKept(page)).includes(token), "the token is kept in this browser").toBe(false);

  // Done forgets it: not on the page any more, and never shown again.
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(token);
  const row = rowOf(page, name);
  await expect(row).toContainText("Never");

  // The identity provider: the address shown, the token, no cookies (Playwright's own request context).
  expect((await scimLookup(request, baseUrl, "not-a-token", DEMO_ADMIN.email)).status()).toBe(401);
  const found = await scimLookup(request, baseUrl, token, DEMO_ADMIN.email);
  expect(found.status(), await found.text()).toBe(200);
  const list = (await found.json()) as { totalResults: number; Resources: { userName: string }[] };
  expect(list.totalResults).toBe(1);
  expect(list.Resources[0].userName).toBe(DEMO_ADMIN.email);

  // Last used, after a reload: a time now, not Never.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("Never");
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
  await expectAccessibleAtAllWidths(page);

  // Revoke: confirmed, gone from the list, and the identity provider is refused at once.
  await row.getByRole("button", { name: `Revoke token ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke Token" });
  await expect(confirm).toContainText(`Revoke the token “${name}”?`);
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(toasts(page)).toContainText("Token revoked");
  await expect(row).toHaveCount(0);
  expect((await scimLookup(request, baseUrl, token, DEMO_ADMIN.email)).status()).toBe(401);
  const listed = (await (await page.request.get("/api/scim-tokens")).json()) as { name: string }[];
  expect(listed.map((t) => t.name)).not.toContain(name);
});

test("a name the server refuses shows its sentence in the dialog", async ({ page }) => {
  const taken = await apiCreateToken(page, uniqueName("Entra"));
  try {
    await page.goto(PATH);
    await page.getByRole("button", { name: "New Token" }).click();
    const dialog = page.getByRole("dialog", { name: "New Token" });
    await dialog.getByLabel("Name").fill("x".repeat(101));
    await dialog.getByRole("button", { name: "Create Token" }).click();
    await expect(dialog).toContainText("Token name must be at most 100 characters");
    // Names are unique in any case: they name the actor in the audit trail.
    await dialog.getByLabel("Name").fill(taken.name.toUpperCase());
    await dialog.getByRole("button", { name: "Create Token" }).click();
    await expect(dialog).toContainText("A token with this name already exists");
    await expect(page.getByRole("dialog", { name: "SCIM token" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    const names = ((await (await page.request.get("/api/scim-tokens")).json()) as { name: string }[]).map((t) => t.name);
    expect(names).toContain(taken.name);
    expect(names).not.toContain(taken.name.toUpperCase());
  } finally {
    await page.request.delete(`/api/scim-tokens/${taken.id}`);
  }
});

test("at 390 px: the tabs, the base URL, a card per token and the token's dialog all fit", async ({ page }) => {
  const made = await apiCreateToken(page, uniqueName("Phone IdP"));
  try {
    await page.setViewportSize(PHONE);
    await page.goto(PATH);
    const card = page.getByRole("list", { name: "Tokens" }).getByRole("listitem").filter({ hasText: made.name });
    await expect(card).toContainText("Last used: Never");
    await expect(tokensTable(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page scrolls sideways").toBeLessThanOrEqual(PHONE.width);
    const tabs = page.getByRole("navigation", { name: "Users sections" });
    const { scroll, client } = await tabs.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll, "the tab bar scrolls sideways").toBeLessThanOrEqual(client);
    await expectInsidePhone(page.getByRole("button", { name: "New Token" }));
    await expectInsidePhone(page.getByRole("button", { name: "Copy SCIM base URL" }));
    await expectInsidePhone(card.getByRole("button", { name: `Revoke token ${made.name}` }));

    await page.getByRole("button", { name: "New Token" }).click();
    await page.getByRole("dialog", { name: "New Token" }).getByLabel("Name").fill(uniqueName("Phone made"));
    await page.getByRole("dialog", { name: "New Token" }).getByRole("button", { name: "Create Token" }).click();
    const shown = page.getByRole("dialog", { name: "SCIM token" });
    await expectInsidePhone(shown);
    await expectInsidePhone(shown.getByRole("button", { name: "Copy SCIM token" }));
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(PHONE);
    await shown.getByRole("button", { name: "Done" }).click();
  } finally {
    for (const t of (await (await page.request.get("/api/scim-tokens")).json()) as { id: number; name: string }[]) {
      if (t.name === made.name || t.name.startsWith("Phone made")) await page.request.delete(`/api/scim-tokens/${t.id}`);
    }
  }
});

test("offline: the tokens as read, New Token and Revoke off, and the tab says why", async ({ page, context }) => {
  const made = await apiCreateToken(page, uniqueName("Offline IdP"));
  try {
    await page.goto(PATH);
    const revoke = rowOf(page, made.name).getByRole("button", { name: `Revoke token ${made.name}` });
    await expect(revoke).toBeEnabled();
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: "Provisioning changes need a connection" })).toBeVisible();
    await expect(revoke).toBeDisabled();
    await page.getByRole("button", { name: "New Token" }).click();
    const dialog = page.getByRole("dialog", { name: "New Token" });
    await expect(dialog).toContainText("Provisioning changes need a connection");
    await dialog.getByLabel("Name").fill("Never sent");
    await expect(dialog.getByRole("button", { name: "Create Token" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await context.setOffline(false);
    await expect(revoke).toBeEnabled();
  } finally {
    await context.setOffline(false);
    await page.request.delete(`/api/scim-tokens/${made.id}`);
  }
});

test("a member reaches neither the tab nor the tokens' calls", async ({ page }) => {
  await signInByApi(page, DEMO_MEMBER.email, DEMO_PASSWORD);
  await page.goto(PATH);
  await expect(page.getByRole("heading", { name: "Admin access required" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "SCIM base URL" })).toHaveCount(0);
  expect((await page.request.get("/api/scim-tokens")).status()).toBe(403);
  expect((await page.request.post("/api/scim-tokens", { data: { name: "Member's own" } })).status()).toBe(403);
});
