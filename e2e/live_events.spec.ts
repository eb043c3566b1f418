// Live events on the log pages (spec 3 §6): a decision made at a door shows at the
// top of an open Logs page without a reload; scrolled down, the rows stay put and
// a pill says how many new events arrived that the page shows (its search holds),
// taking the reader to them.
import { dashboardSpec } from "./dashboard";
import { apiCreateUser } from "./dashboard";
import { expect, test } from "./fixtures";
import { apiCreateDevice, apiCreateRoom } from "./spaces";

dashboardSpec(60_000);

test("a Logs page shows a new decision without a reload; scrolled down, an N new events pill counting what the page shows", async ({ page, request }) => {
  const room = await apiCreateRoom(page, "Live Room");
  const reader = await apiCreateDevice(page, "Live Reader", { type: "reader", roomId: room.id });
  const keyed = await page.request.post(`/api/devices/${reader.id}/api-key`);
  expect(keyed.status(), await keyed.text()).toBe(201);
  const { apiKey } = (await keyed.json()) as { apiKey: string };
  const withCard = async (tag: string, firstName: string, code: number) => {
    const user = await apiCreateUser(page, tag, { firstName });
    const card = { type: "HID Prox", facilityCode: "42", cardCode: String((Date.now() + code) % 1e9) };
    expect((await page.request.post(`/api/users/${user.id}/credentials`, { data: card })).status()).toBe(201);
    const badge = async () => {
      const res = await request.post("/api/access/decisions", {
        headers: { authorization: `Bearer ${apiKey}` },
        data: { credential: card, action: "Badge Scan" },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    return { user, card, badge };
  };
  const livia = await withCard("live", "Livia", 0);
  const otto = await withCard("other", "Otto", 1);
  // Enough of Livia's rows that the page scrolls once searched for her: uploaded as a
  // door's offline decisions of yesterday, so they never top the log another test reads.
  const yesterday = Date.now() - 86_400_000;
  const uploaded = await request.post("/api/access/devices/self/events", {
    headers: { authorization: `Bearer ${apiKey}` },
    data: Array.from({ length: 12 }, (_, i) => ({
      eventId: crypto.randomUUID(),
      timestamp: new Date(yesterday + i * 60_000).toISOString(),
      credential: livia.card,
      decision: "denied",
      action: "Badge Scan",
    })),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  const connected = page.waitForResponse((res) => res.url().endsWith("/api/events/stream") && res.status() === 200);
  await page.goto("/dash/logs");
  const table = page.getByRole("table", { name: "Access logs" });
  await expect(table).toBeVisible();
  await connected;
  // Only Livia's decisions: other doors and people (another test's too) are not this page's.
  const search = livia.user.lastName;
  await page.getByRole("searchbox", { name: "Search logs" }).fill(search);
  await expect(table.getByRole("row")).toHaveCount(13);
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));

  // At the top: a new decision (denied: no access to the room) is on the page at once.
  await livia.badge();
  await expect(table.getByRole("row")).toHaveCount(14);
  await expect(table.getByRole("row").nth(1)).toContainText(`Livia ${livia.user.lastName}`);
  await expect(table.getByRole("row").nth(1)).toContainText("Live Reader");

  // Scrolled down: the rows hold still and the pill counts.
  await page.setViewportSize({ width: 1440, height: 400 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const pill = page.getByRole("button", { name: /new events?$/ });
  // Otto's decisions are not in the search: once the page has asked, no pill.
  const asked = page.waitForResponse((res) =>
    new URL(res.url()).pathname === "/api/logs" && new URL(res.url()).searchParams.get("search") === search
  );
  await otto.badge();
  await otto.badge();
  expect((await asked).status()).toBe(200);
  await expect(pill).toHaveCount(0);
  await livia.badge();
  await livia.badge();
  await expect(pill).toHaveText("2 new events");
  expect(await table.getByRole("row").count()).toBe(14);
  await pill.click();
  await expect(pill).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(80);
  await expect(table.getByRole("row")).toHaveCount(16);
  expect(navigations).toEqual([]);
});
