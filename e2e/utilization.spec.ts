// The room Utilization tab (spec 2 §2, §7, §8, §9) against the real server and the
// built-in Density simulator: Main Lobby is the demo room whose density device is
// configured with the simulator's spc_main_lobby space.
import type { Page, Request } from "@playwright/test";
import { signInAsAdmin } from "./dashboard";
import { expect, expectAccessibleAtAllWidths, test } from "./fixtures";
import { apiCreateDevice, apiCreateRoom, apiRoomByName } from "./spaces";

test.use({ serviceWorkers: "block" });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

const figures = (page: Page) => page.getByRole("list", { name: "Utilization figures" });
const card = (page: Page, title: string) => figures(page).getByRole("listitem", { name: title });
const activity = (page: Page) => page.getByRole("region", { name: "Recent Activity" });

/** "Mon, Nov 16, 2026" → "2026-11-16" (the browser and this process share a time zone). */
function isoDateOf(text: string): string {
  const d = new Date(text);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

test("Main Lobby: Live Data, the four cards, the occupancy chart and the paged session list", async ({ page }) => {
  test.setTimeout(60_000);
  const lobby = await apiRoomByName(page, "Main Lobby");
  await page.goto(`/dash/room/${lobby.id}/utilization`);
  await expect(page).toHaveTitle("Threshold - Room Utilization");
  await expect(page.getByText("Live Data")).toBeVisible();

  await expect(card(page, "Current Occupancy")).toContainText(/^Current Occupancy(0|1|2|3\+)measures up to 3\+$/);
  await expect(card(page, "Todays Utilization")).toContainText(/\d+(\.\d)?%8am-8pm$/);
  await expect(card(page, "Monthly Utilization")).toContainText(/\d+(\.\d)?%MTD$/);
  await expect(card(page, "Avg Daily Usage")).toContainText(/(\d+ min|\d+:\d\d)per day \(30d\)$/);

  // Recharts draws the 30-day history as an SVG.
  const chart = page.getByRole("region", { name: "Occupancy Over Time" });
  await expect(chart.getByRole("application", { name: `Occupancy of Main Lobby over time` })).toBeVisible();
  await expect(chart.locator("svg.recharts-surface[role=application]")).toHaveCount(1);
  await expect(chart.locator(".recharts-area").first()).toBeVisible();

  // Sessions: newest first, ten a page.
  const list = activity(page).getByRole("list", { name: "Sessions" });
  const rows = list.getByRole("listitem");
  await expect(rows.first()).toBeVisible();
  const range = activity(page).getByText(/^Showing \d+-\d+ of \d+ sessions$/);
  const total = Number(/of (\d+) sessions/.exec((await range.textContent())!)![1]);
  expect(total).toBeGreaterThan(10);
  const pages = Math.ceil(total / 10);
  await expect(range).toHaveText(`Showing 1-10 of ${total} sessions`);
  await expect(activity(page).getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText(/(1 person|2 persons|3\+ people)/);
  await expect(rows.first()).toContainText(/(< 1 min|\d+ mins?)$/);
  await expect(activity(page).getByRole("button", { name: "Previous" })).toBeDisabled();
  const starts = await list.locator("time").evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute("datetime")!)));
  expect(starts).toEqual([...starts].sort((a, b) => b - a));
  await expectAccessibleAtAllWidths(page);

  await activity(page).getByRole("button", { name: "Next" }).click();
  await expect(range).toHaveText(`Showing 11-${Math.min(20, total)} of ${total} sessions`);
  await expect(activity(page).getByText(`Page 2 of ${pages}`)).toBeVisible();
  await activity(page).getByRole("button", { name: "Previous" }).click();
  await expect(activity(page).getByText(`Page 1 of ${pages}`)).toBeVisible();

  // The date filter keeps one day's sessions; Clear brings all back.
  const dayText = await list.locator("time").first().textContent();
  const date = activity(page).getByLabel("Filter by date");
  await date.fill(isoDateOf(dayText!));
  await expect(range).toHaveText(/^Showing 1-\d+ of \d+ sessions$/);
  const filtered = Number(/of (\d+) sessions/.exec((await range.textContent())!)![1]);
  expect(filtered).toBeLessThanOrEqual(total);
  for (const text of await rows.allTextContents()) expect(text).toContain(dayText!);
  await date.fill("2020-01-06");
  await expect(activity(page).getByText("No sessions on this date.")).toBeVisible();
  await expect(range).toHaveText("Showing 0-0 of 0 sessions");
  await expect(activity(page).getByText("Page 1 of 1")).toBeVisible();
  await activity(page).getByRole("button", { name: "Clear" }).click();
  await expect(date).toHaveValue("");
  await expect(range).toHaveText(`Showing 1-10 of ${total} sessions`);
});

test("the occupancy calls go to the room's own space, and poll only while the tab is open", async ({ page }) => {
  const lobby = await apiRoomByName(page, "Main Lobby");
  await page.clock.install();
  const calls: Request[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/density/")) calls.push(r);
  });
  await page.goto(`/dash/room/${lobby.id}/utilization`);
  await expect(card(page, "Current Occupancy")).toContainText(/(0|1|2|3\+)measures/);
  const paths = () => calls.map((r) => new URL(r.url()));
  await expect.poll(() => new Set(paths().map((u) => u.pathname)).size).toBe(4);
  for (const url of paths()) expect(url.pathname).toMatch(/^\/api\/density\/spaces\/spc_main_lobby\/(count|metrics|history|sessions)$/);
  const metrics = paths().filter((u) => u.pathname.endsWith("/metrics")).map((u) => u.searchParams.get("start_time"));
  expect(metrics).toContain("2025-07-01T00:00:00-05:00");
  const sessions = paths().find((u) => u.pathname.endsWith("/sessions"))!;
  expect(sessions.searchParams.get("start_date")).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/);
  expect(sessions.searchParams.get("end_date")).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:59[+-]\d{2}:\d{2}$/);

  // The count every 10 s.
  const counts = () => calls.filter((r) => r.url().includes("/count")).length;
  const before = counts();
  await page.clock.fastForward(10_000);
  await expect.poll(counts).toBeGreaterThan(before);

  // Leaving the tab stops every occupancy call.
  await page.getByRole("navigation", { name: "Room sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { name: "Room Details" })).toBeVisible();
  const afterLeaving = calls.length;
  await page.clock.fastForward(6 * 60_000);
  await page.waitForTimeout(300);
  expect(calls.length).toBe(afterLeaving);
});

test("a density device without a space, and a space Density does not know", async ({ page }) => {
  const room = await apiCreateRoom(page, "Density Room");
  const device = await apiCreateDevice(page, "Room Occupancy", { type: "density", roomId: room.id });
  await page.goto(`/dash/room/${room.id}/utilization`);
  await expect(page.getByText("No Density space configured")).toBeVisible();
  await expect(page.getByRole("link", { name: device.name })).toHaveAttribute("href", `/dash/device/${device.id}`);

  // Configured with a space the (simulated) Density service has never heard of.
  const res = await page.request.put(`/api/devices/${device.id}`, {
    data: { name: device.name, deviceId: device.deviceId, type: "density", densitySpaceId: `spc_missing_${Date.now()}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.reload();
  await expect(card(page, "Current Occupancy")).toContainText(/HTTP error! status: \d{3}/);
  await expect(activity(page)).toContainText(/HTTP error! status: \d{3}/);
  await expect(page.getByRole("region", { name: "Occupancy Over Time" })).toContainText(/HTTP error! status: \d{3}/);
  await expectAccessibleAtAllWidths(page);
});

test("Recharts is fetched only with the Utilization tab, never by /login", async ({ page, browser, baseURL }) => {
  const chartChunk = /\/assets\/OccupancyChart-[^/]*\.js$/;
  const visitor = await browser.newContext({ baseURL, serviceWorkers: "block" });
  try {
    const login = await visitor.newPage();
    const fetched: string[] = [];
    login.on("request", (r) => fetched.push(r.url()));
    await login.goto("/login");
    await expect(login.getByPlaceholder("Enter your email")).toBeVisible();
    expect(fetched.filter((url) => chartChunk.test(url))).toEqual([]);
  } finally {
    await visitor.close();
  }

  const lobby = await apiRoomByName(page, "Main Lobby");
  const chart = page.waitForRequest((r) => chartChunk.test(r.url()));
  await page.goto(`/dash/room/${lobby.id}`);
  await page.getByRole("navigation", { name: "Room sections" }).getByRole("link", { name: "Utilization" }).click();
  await chart;
});
