// Live events on the log pages (spec 3 §6): a decision made at a door shows at the
// top of an open Logs page without a reload; scrolled down, the rows stay put and
// a pill says how many new events arrived, taking the reader to them.
import { dashboardSpec } from "./dashboard";
import { apiCreateUser } from "./dashboard";
import { expect, test } from "./fixtures";
import { apiCreateDevice, apiCreateRoom } from "./spaces";

dashboardSpec(60_000);

test("a Logs page shows a new decision without a reload; scrolled down, an N new events pill", async ({ page, request }) => {
  const room = await apiCreateRoom(page, "Live Room");
  const reader = await apiCreateDevice(page, "Live Reader", { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${reader.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  const { apiKey } = (await keyed.json()) as { apiKey: string };
  const user = await apiCreateUser(page, "live", { firstName: "Livia" });
  const card = { type: "HID Prox", facilityCode: "42", cardCode: String(Date.now() % 1e9) };
  expect((await page.request.post(`/api/users/${user.id}/credentials`, { data: card })).status()).toBe(201);
  const badge = async () => {
    const res = await request.post("/api/access/decisions", {
      headers: { authorization: `Bearer ${apiKey}` },
      data: { credential: card, action: "Badge Scan" },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  const connected = page.waitForResponse((res) => res.url().endsWith("/api/events/stream") && res.status() === 200);
  await page.goto("/dash/logs");
  const table = page.getByRole("table", { name: "Access logs" });
  await expect(table).toBeVisible();
  await connected;
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

  // No access to the room: denied, and on the page at once.
  await badge();
  await expect(table.getByRole("row").nth(1)).toContainText(`Livia ${user.lastName}`);
  await expect(table.getByRole("row").nth(1)).toContainText("Live Reader");

  // Scrolled down: the rows hold still and the pill counts.
  await page.setViewportSize({ width: 1440, height: 400 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const rows = await table.getByRole("row").count();
  await badge();
  await badge();
  const pill = page.getByRole("button", { name: "2 new events" });
  await expect(pill).toBeVisible();
  expect(await table.getByRole("row").count()).toBe(rows);
  await pill.click();
  await expect(pill).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(80);
  expect(navigations).toEqual([]);
});
