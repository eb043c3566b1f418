// Doors obey the dashboard (issue 8): a door controller with its own API key asks
// for decisions; deactivating the card holder on the user page makes the next
// decision a denial, and that denial shows on the user's Log tab.
import { apiAddMember, apiCreateGroup, apiCreateUser, signInAsAdmin, toasts } from "./dashboard";
import { DESKTOP, expect, test } from "./fixtures";
import { apiAddGroupRoom, apiCreateDevice, apiCreateRoom } from "./spaces";

test.use({ serviceWorkers: "block", viewport: DESKTOP });
test.describe.configure({ timeout: 60_000 });

test("deactivating a user in the dashboard denies their card at the door, and the log shows it", async ({ page, request }) => {
  await signInAsAdmin(page);

  // A room with a reader, a group holding the room, and a member with a badge: all by the admin API.
  const room = await apiCreateRoom(page, "Vault");
  const group = await apiCreateGroup(page, "Vault staff");
  await apiAddGroupRoom(page, group.id, room.id);
  const user = await apiCreateUser(page, "badge", { firstName: "Bea" });
  await apiAddMember(page, group.id, user.id);
  const card = { type: "HID Prox", facilityCode: "117", cardCode: `9${Date.now() % 1e9}` };
  const badge = await page.request.post(`/api/users/${user.id}/credentials`, { data: card });
  expect(badge.status(), await badge.text()).toBe(201);
  const reader = await apiCreateDevice(page, "Vault Reader", { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${reader.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  const { apiKey } = (await keyed.json()) as { apiKey: string };
  const device = await page.request.get(`/api/devices/${reader.id}`);
  expect(await device.json()).toMatchObject({ hasApiKey: true });
  expect(await device.text()).not.toContain(apiKey);

  // The door: its own request context, no cookies, only its key.
  const decide = async () => {
    const res = await request.post("/api/access/decisions", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { credential: card, action: "Badge Scan" },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as { decision: string; reason: string; userId: number | null; logId: number };
  };
  expect(await decide()).toMatchObject({ decision: "granted", reason: "granted", userId: user.id });

  // Deactivate in the dashboard, as an admin would: the user page's Danger Zone.
  await page.goto(`/dash/user/${user.id}`);
  const zone = page.getByRole("region", { name: "Danger Zone" });
  await zone.getByRole("button", { name: "Deactivate User" }).click();
  await expect(toasts(page)).toContainText("User deactivated");
  await expect(zone.getByRole("button", { name: "Reactivate User" })).toBeVisible();

  // The very next swipe is refused.
  const denied = await decide();
  expect(denied).toMatchObject({ decision: "denied", reason: "user_inactive", userId: user.id });

  // And the user's Log tab shows it, newest first, above the earlier grant.
  await page.goto(`/dash/user/${user.id}/logs`);
  const rows = page.getByRole("table", { name: "Access logs" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(reader.name);
  await expect(rows.nth(0)).toContainText("Badge Scan");
  await expect(rows.nth(0).getByRole("cell").nth(4)).toHaveText("Access Denied");
  await expect(rows.nth(1).getByRole("cell").nth(4)).toHaveText("Authorized Access");
  const log = await (await page.request.get(`/api/users/${user.id}/logs`)).json();
  expect(log.items[0]).toMatchObject({ id: denied.logId, outcome: "denied", reason: "User is deactivated" });
});

test("a person's session is not a device key", async ({ page }) => {
  await signInAsAdmin(page);
  const res = await page.request.post("/api/access/decisions", {
    data: { credential: { type: "HID Prox", cardCode: "1" } },
  });
  expect(res.status()).toBe(401);
});
