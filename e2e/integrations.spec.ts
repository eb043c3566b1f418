// The Devices page's Last Lock and UniFi tabs (spec 2 §2, §8, §9) against the real
// server and its built-in simulators. The simulators' devices are shared by every
// test of the run (and by both workers), so each test takes whichever pending
// device the list shows rather than a fixed one, and names its own rooms.
import type { Page, Request } from "@playwright/test";
import { signInAsAdmin, toasts } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, test } from "./fixtures";
import { apiCreateRoom, apiDevice, type ApiDevice, uniqueName } from "./spaces";

test.use({ serviceWorkers: "block" });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

const tab = (page: Page, name: RegExp | string) => page.getByRole("tab", { name });
const section = (page: Page, name: string) => page.getByRole("region", { name });

type PendingLock = { id: number; name: string; lastLockDeviceId: number };

async function pendingLocks(page: Page): Promise<PendingLock[]> {
  return (await (await page.request.get("/api/lastlock/devices/pending")).json()) as PendingLock[];
}

test.describe("Last Lock tab", () => {
  test("shows the connection, discovers devices, and an approved device moves to All Devices", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/dash/devices?tab=lastlock");
    const connection = section(page, "Last Lock Integration");
    await expect(connection.getByText("Connected", { exact: true })).toBeVisible();
    await expect(connection.getByText("API Token Valid")).toBeVisible();
    // The built-in simulator listens on a loopback port: that is the host shown.
    await expect(connection.getByText(/^http:\/\/127\.0\.0\.1:\d+$/)).toBeVisible();
    await expectAccessibleAtAllWidths(page);

    await connection.getByRole("button", { name: "Discover Devices" }).click();
    await expect(toasts(page)).toContainText("Device Discovery");
    await expect(toasts(page)).toContainText("Successfully discovered new Last Lock devices.");

    const approvals = section(page, "Pending Device Approvals");
    const items = approvals.getByRole("listitem");
    await expect(items.first()).toBeVisible();
    await expect(items.first()).toContainText("awaiting admin approval");
    const pending = await pendingLocks(page);
    expect(pending.length).toBeGreaterThan(0);
    await expect(tab(page, /Last Lock/)).toContainText(String(pending.length));
    await expectAccessibleAtAllWidths(page);

    const lock = pending[0];
    const item = items.filter({ hasText: lock.name });
    await expect(item).toContainText(`Last Lock ID ${lock.lastLockDeviceId}`);

    // Cancel leaves it pending; Approve asks first, then approves.
    await item.getByRole("button", { name: `Approve ${lock.name}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Approve Device" });
    await expect(dialog).toContainText("Are you sure you want to approve this Last Lock device?");
    await expectAccessibleAtAllWidths(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toBeVisible();

    await item.getByRole("button", { name: `Approve ${lock.name}` }).click();
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(toasts(page)).toContainText("Device Approved");
    await expect(toasts(page)).toContainText("Device has been approved and added to the All Devices list.");
    await expect(items.filter({ hasText: lock.name })).toHaveCount(0);
    expect((await apiDevice(page, lock.id)).device).toMatchObject({ type: "lastlock", isActive: true });
    expect(((await apiDevice(page, lock.id)).device as ApiDevice & { isPending: boolean }).isPending).toBe(false);

    await tab(page, "All Devices").click();
    await page.getByRole("searchbox").or(page.getByPlaceholder("Search devices...")).first().fill(lock.name);
    await expect(page.getByText(lock.name, { exact: true }).first()).toBeVisible();
  });

  test("approving a device someone else approved meanwhile says Approval Failed", async ({ page }) => {
    await page.request.post("/api/lastlock/devices/discover");
    const pending = await pendingLocks(page);
    test.skip(pending.length === 0, "every simulated lock is approved already");
    const lock = pending[pending.length - 1];
    await page.goto("/dash/devices?tab=lastlock");
    const item = section(page, "Pending Device Approvals").getByRole("listitem").filter({ hasText: lock.name });
    await expect(item).toBeVisible();

    // Another admin approves it first (the list on this screen is now stale).
    expect((await page.request.post(`/api/lastlock/devices/${lock.id}/approve`)).status()).toBe(200);

    await item.getByRole("button", { name: `Approve ${lock.name}` }).click();
    await page.getByRole("alertdialog", { name: "Approve Device" }).getByRole("button", { name: "Approve" }).click();
    await expect(toasts(page)).toContainText("Approval Failed");
    await expect(toasts(page)).toContainText("This device is already approved");
    // The list is read again: the device is no longer pending.
    await expect(item).toHaveCount(0);
  });

  test("the status is read every 30 s while the tab is open, and not after it closes", async ({ page }) => {
    await page.clock.install();
    const reads: Request[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/lastlock/status") reads.push(r);
    });
    await page.goto("/dash/devices?tab=lastlock");
    await expect(section(page, "Last Lock Integration").getByText("Connected", { exact: true })).toBeVisible();
    const first = reads.length;
    expect(first).toBeGreaterThanOrEqual(1);

    await page.clock.fastForward(30_000);
    await expect.poll(() => reads.length).toBeGreaterThan(first);

    await tab(page, "All Devices").click();
    await expect(section(page, "Last Lock Integration")).toHaveCount(0);
    const afterClose = reads.length;
    await page.clock.fastForward(95_000);
    await page.waitForTimeout(300);
    expect(reads.length).toBe(afterClose);
  });
});

type PendingUnifi = { id: number; name: string; type: string; unifiModel: string | null; unifiIp: string | null; unifiMac: string | null; unifiIsOnline: boolean | null };

test.describe("UniFi tab", () => {
  test("shows the connection, discovers cameras and sensors, and assigns one to a room", async ({ page }) => {
    test.setTimeout(60_000);
    const room = await apiCreateRoom(page, "UniFi Room");
    await page.goto("/dash/devices?tab=unifi");
    const connection = section(page, "UniFi Integration");
    await expect(connection.getByText("Connected", { exact: true })).toBeVisible();
    await expect(connection.getByText("Credentials Valid")).toBeVisible();
    await expect(connection.getByText(/^http:\/\/127\.0\.0\.1:\d+$/)).toBeVisible();

    await connection.getByRole("button", { name: "Discover Devices" }).click();
    await expect(toasts(page)).toContainText("UniFi Discovery Complete");
    await expect(toasts(page)).toContainText(
      /Found 3 cameras and 2 sensors\. \d+ new devices available for assignment\./,
    );

    const pending = (await (await page.request.get("/api/unifi/devices/pending")).json()) as PendingUnifi[];
    expect(pending.length).toBeGreaterThan(0);
    const list = section(page, "Discovered Devices");
    for (const device of pending) {
      const item = list.getByRole("listitem").filter({ hasText: device.name });
      await expect(item).toContainText(device.unifiIsOnline ? "Online" : "Offline");
      if (device.unifiMac) await expect(item).toContainText(`MAC: ${device.unifiMac}`);
      if (device.unifiIp) await expect(item).toContainText(`IP: ${device.unifiIp}`);
      if (device.unifiModel) await expect(item).toContainText(`Model: ${device.unifiModel}`);
    }
    // The simulated Rooftop Camera is offline; others are online.
    const rooftop = pending.find((d) => d.name === "Rooftop Camera");
    if (rooftop) await expect(list.getByRole("listitem").filter({ hasText: "Rooftop Camera" })).toContainText("Offline");
    await expectAccessibleAtAllWidths(page);

    const device = pending[0];
    await list.getByRole("combobox", { name: `Assign ${device.name} to Room` }).click();
    await page.getByRole("option", { name: room.name, exact: true }).click();
    await expect(toasts(page)).toContainText("Device Assigned");
    await expect(list.getByRole("listitem").filter({ hasText: device.name })).toHaveCount(0);

    const saved = (await apiDevice(page, device.id)).device as ApiDevice & { isPending: boolean; roomName: string };
    expect(saved).toMatchObject({ roomId: room.id, isPending: false, roomName: room.name, manufacturer: "Ubiquiti" });

    // The device now shows its room: on All Devices and on the room's own list.
    await page.getByRole("tab", { name: "All Devices" }).click();
    await page.getByPlaceholder("Search devices...").fill(device.name);
    await expect(page.getByText(`Ubiquiti - ${room.name}`).first()).toBeVisible();
    await page.goto(`/dash/room/${room.id}/devices`);
    await expect(page.getByText(device.name).first()).toBeVisible();
  });

  test("rediscovery finds no new devices, and the assigned device stays out of the list", async ({ page }) => {
    await page.request.post("/api/unifi/devices/discover");
    await page.goto("/dash/devices?tab=unifi");
    await section(page, "UniFi Integration").getByRole("button", { name: "Discover Devices" }).click();
    await expect(toasts(page)).toContainText("Found 3 cameras and 2 sensors. 0 new devices available for assignment.");
  });

  test("assigning to a room that was deleted meanwhile says Assignment Failed", async ({ page }) => {
    await page.request.post("/api/unifi/devices/discover");
    const pending = (await (await page.request.get("/api/unifi/devices/pending")).json()) as PendingUnifi[];
    test.skip(pending.length === 0, "every simulated UniFi device has a room already");
    const device = pending[pending.length - 1];
    const room = await apiCreateRoom(page, uniqueName("Gone Room").slice(0, 30));
    await page.goto("/dash/devices?tab=unifi");
    const list = section(page, "Discovered Devices");
    await expect(list.getByRole("listitem").filter({ hasText: device.name })).toBeVisible();
    // The rooms list is loaded; now the room goes away on the server.
    await list.getByRole("combobox", { name: `Assign ${device.name} to Room` }).click();
    await expect(page.getByRole("option", { name: room.name, exact: true })).toBeVisible();
    expect((await page.request.delete(`/api/rooms/${room.id}`)).status()).toBe(200);
    await page.getByRole("option", { name: room.name, exact: true }).click();
    await expect(toasts(page)).toContainText("Assignment Failed");
    await expect(toasts(page)).toContainText("Room not found");
    // Undone: the device is back in the list, still pending.
    await expect(list.getByRole("listitem").filter({ hasText: device.name })).toBeVisible();
    expect(((await apiDevice(page, device.id)).device as ApiDevice & { isPending: boolean }).isPending).toBe(true);
  });
});
