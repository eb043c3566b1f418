// The lock test page /dash/lastlock-test (spec 2 §2, §5, §8, §9) against the real
// server and the built-in Last Lock simulator: a fresh user's credential is
// created, assigned to an approved demo lock and removed again.
import type { Locator, Page } from "@playwright/test";
import { apiCreateUser, signInAsAdmin, toasts } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, holdRequests, test } from "./fixtures";
import { apiDeviceByName } from "./spaces";

test.use({ serviceWorkers: "block" });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

const results = (page: Page) => page.getByRole("region", { name: "Test Results" });
const resultItems = (page: Page) => results(page).getByRole("listitem");
const form = (page: Page, title: string) => page.getByRole("region", { name: title });

/** Runs an Assign or Remove Credential form; its result is the newest of `count`. */
async function runCommand(page: Page, command: Locator, title: string, credentialId: string, count: number) {
  await command.getByLabel("Credential ID").fill(credentialId);
  await command.getByRole("button", { name: title }).click();
  await expect(resultItems(page)).toHaveCount(count);
  const result = resultItems(page).first();
  await expect(result).toContainText(title);
  return result;
}

test("creates, assigns and removes a credential with the picked device and user", async ({ page }) => {
  test.setTimeout(60_000);
  const user = await apiCreateUser(page, "locktest");
  const lock = await apiDeviceByName(page, "Executive Suite Smart Lock");
  // While the pickers load, their placeholders must be as readable as the rest.
  const release = await holdRequests(page, "**/api/devices**");
  await page.goto("/dash/lastlock-test");
  await expect(page).toHaveTitle("Threshold - Last Lock Test");
  await expect(page.getByRole("combobox", { name: "Device" })).toHaveText("Loading devices...");
  await expectAccessibleAtAllWidths(page);
  release();
  await expect(page.getByRole("combobox", { name: "Device" })).not.toHaveText("Loading devices...");
  await expect(page.getByRole("heading", { name: "Last Lock Testing Dashboard", level: 1 })).toBeVisible();
  await expect(results(page)).toContainText("No test results yet. Click a button to start testing!");
  await expect(page.getByRole("complementary", { name: "Credential types" })).toContainText(
    /HID_PROX_CORP_1000[\s\S]*APPLE_WALLET[\s\S]*MIFARE_CLASSIC[\s\S]*EM41XX/,
  );
  await expectAccessibleAtAllWidths(page);

  // Pickers instead of the spec's fixed device 16 and user 2.
  const target = form(page, "Test Target");
  await target.getByRole("combobox", { name: "Device" }).click();
  await page.getByRole("option", { name: `${lock.name} (#${lock.id})` }).click();
  await expect(target.getByRole("combobox", { name: "Device" })).toContainText(lock.name);
  await target.getByRole("combobox", { name: "User" }).fill(user.email);
  await page.getByRole("option", { name: new RegExp(user.email.replace(/[.+]/g, "\\$&")) }).click();

  // Validation (spec 2 §5).
  const create = form(page, "Create Credential");
  await create.getByRole("button", { name: "Create Credential" }).click();
  await expect(create.getByText("Credential data is required")).toBeVisible();
  await expect(toasts(page)).toContainText("Validation Error");
  const assign = form(page, "Assign Credential");
  await assign.getByRole("button", { name: "Assign Credential" }).click();
  await expect(assign.getByText("Credential ID is required")).toBeVisible();
  const remove = form(page, "Remove Credential");
  await remove.getByRole("button", { name: "Remove Credential" }).click();
  await expect(remove.getByText("Credential ID is required")).toBeVisible();
  await expect(results(page)).toContainText("No test results yet.");

  // Create: type MIFARE_CLASSIC, base64 data, the default 09:00-17:00 schedule.
  await create.getByRole("combobox", { name: "Credential Type" }).click();
  for (const type of ["HID_PROX_CORP_1000", "APPLE_WALLET", "MIFARE_CLASSIC", "EM41XX"]) {
    await expect(page.getByRole("option", { name: type })).toBeVisible();
  }
  await page.getByRole("option", { name: "MIFARE_CLASSIC" }).click();
  await expect(create.getByLabel("Start Time")).toHaveValue("09:00");
  await expect(create.getByLabel("End Time")).toHaveValue("17:00");
  const data = Buffer.from(`card-${user.id}-${Date.now()}`).toString("base64");
  await create.getByLabel("Credential Data (base64)").fill(data);
  await create.getByRole("button", { name: "Create Credential" }).click();
  const created = resultItems(page).first();
  await expect(created).toContainText("Create Credential");
  await expect(created).toContainText("201");
  await expect(created).toContainText(`POST /api/lastlock/users/${user.id}/credentials`);
  const createdBody = JSON.parse((await created.locator("pre").textContent())!);
  expect(createdBody).toMatchObject({ userId: user.id, credentialType: "MIFARE_CLASSIC", isActive: true });
  expect(JSON.parse(createdBody.scheduleData)).toEqual({ range_schedule: { start: "09:00", end: "17:00" } });
  const credentialId = String(createdBody.id);

  // Assign it to the picked lock.
  const assigned = await runCommand(page, assign, "Assign Credential", credentialId, 2);
  await expect(assigned).toContainText("201");
  expect(JSON.parse((await assigned.locator("pre").textContent())!)).toMatchObject({
    deviceId: lock.id,
    credentialId: Number(credentialId),
  });
  const onLock = await (await page.request.get(`/api/lastlock/devices/${lock.id}/credentials`)).json();
  expect(onLock.map((c: { credentialId: number | null }) => c.credentialId)).toContain(Number(credentialId));

  // The quick test reads the same list from the lock.
  await form(page, "Quick Tests").getByRole("button", { name: "Device Credentials" }).click();
  await expect(resultItems(page)).toHaveCount(3);
  await expect(resultItems(page).first()).toContainText(`GET /api/lastlock/devices/${lock.id}/credentials`);
  await expect(resultItems(page).first()).toContainText(`"credentialId": ${credentialId}`);

  // Remove it again: 'Successfully deleted'.
  const removed = await runCommand(page, remove, "Remove Credential", credentialId, 4);
  await expect(removed).toContainText("200");
  await expect(removed).toContainText("Successfully deleted");
  const after = await (await page.request.get(`/api/lastlock/devices/${lock.id}/credentials`)).json();
  expect(after.map((c: { credentialId: number | null }) => c.credentialId)).not.toContain(Number(credentialId));

  // Removing it twice is the server's refusal, shown with an Error badge.
  await remove.getByRole("button", { name: "Remove Credential" }).click();
  await expect(resultItems(page)).toHaveCount(5);
  await expect(resultItems(page).first().getByText("Error", { exact: true })).toBeVisible();
  await expect(resultItems(page).first()).toContainText("This credential is not assigned to this device");
  await expectAccessibleAtAllWidths(page);

  await results(page).getByRole("button", { name: "Clear Results" }).click();
  await expect(results(page)).toContainText("No test results yet. Click a button to start testing!");
});

test("quick tests show the raw answers newest first, with 'Running command...' while one runs", async ({ page }) => {
  await page.goto("/dash/lastlock-test");
  // Hold the real status call a moment (it still reaches the server) to see the indicator.
  const release = await holdRequests(page, "**/api/lastlock/status");
  const quick = form(page, "Quick Tests");
  await quick.getByRole("button", { name: "Check Status" }).click();
  await expect(results(page).getByText("Running command...")).toBeVisible();
  release();
  await expect(results(page).getByText("Running command...")).toBeHidden();
  await expect(resultItems(page).first()).toContainText("Check Status");
  await expect(resultItems(page).first()).toContainText("200");
  await expect(resultItems(page).first()).toContainText('"connected": true');
  await page.unroute("**/api/lastlock/status");

  await quick.getByRole("button", { name: "Pending Devices" }).click();
  await expect(resultItems(page)).toHaveCount(2);
  await expect(resultItems(page).first()).toContainText("GET /api/lastlock/devices/pending");
  await expect(resultItems(page).nth(1)).toContainText("Check Status");
});
