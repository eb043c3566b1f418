// The audit log (spec 3 §5, issue 14) against the real server: an admin renames a
// room in the UI, the room's "View history" and /dash/audit show room.update with
// before → after, "Verify integrity" counts every event, "Export to CSV" downloads
// them; and the screen reads offline once seen, like the others.
import type { Page } from "@playwright/test";
import { DEMO_MEMBER, DEMO_PASSWORD, signInByApi } from "./accounts";
import { signInAsAdmin, toasts } from "./dashboard";
import { DESKTOP, expect, expectAccessibleAtAllWidths, expectPageMeta, test } from "./fixtures";
import { cutNetwork, waitForPersisted, waitForServiceWorker } from "./offline_helpers";
import { apiCreateRoom, downloadText, uniqueName } from "./spaces";

test.use({ viewport: DESKTOP });

const events = (page: Page) => page.getByRole("table", { name: "Audit events" });
const eventRow = (page: Page, text: string) => events(page).getByRole("row").filter({ hasText: text });

test.describe("audit log", () => {
  test.use({ serviceWorkers: "block" });
  test.beforeEach(async ({ page }) => await signInAsAdmin(page));

  test("a room renamed in the UI shows in its history and the log; verify; export", async ({ page }) => {
    const room = await apiCreateRoom(page, "Audited");
    const renamed = uniqueName("Renamed");
    await page.goto(`/dash/room/${room.id}`);
    await page.getByLabel("Room Name").fill(renamed);
    await page.getByLabel("Description").fill("Now audited");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText("Room updated");

    // The room's own history: its events only, newest first.
    await page.getByRole("link", { name: "View history" }).click();
    await expect(page).toHaveURL(`/dash/audit?targetType=room&targetId=${room.id}`);
    await expectPageMeta(page, "Audit Log");
    await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
    await expect(page.getByText("Who changed what, and when")).toBeVisible();
    await expect(page.getByText(`History of room #${room.id}`)).toBeVisible();
    for (const column of ["TIME", "ACTOR", "ACTION", "TARGET", "CHANGES"]) {
      await expect(events(page).getByRole("columnheader", { name: column })).toBeVisible();
    }
    const rows = events(page).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    const update = rows.first();
    await expect(update).toContainText("room.update");
    await expect(update).toContainText("Avery Adams");
    await expect(update).toContainText(`${renamed} (room #${room.id})`);
    // Two fields changed: the first shows, the other on demand.
    const changes = update.getByRole("list", { name: /^Changes of event/ });
    await expect(changes.getByRole("listitem")).toHaveCount(1);
    await expect(changes).toContainText(`name: ${room.name} → ${renamed}`);
    const more = update.getByRole("button", { name: "1 more" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(changes.getByRole("listitem")).toHaveCount(2);
    await expect(changes).toContainText("description: — → Now audited");
    await expect(update.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    await expect(rows.nth(1)).toContainText("room.create");
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(DESKTOP);

    // The whole log: back to every event, then found by searching the new name.
    await page.getByRole("button", { name: "Show every event" }).click();
    await expect(page).toHaveURL(/\/dash\/audit/);
    await page.getByRole("searchbox", { name: "Search the audit log" }).fill(renamed);
    await expect(rows).toHaveCount(1);
    await expect(eventRow(page, "room.update")).toContainText(renamed);

    // The action filter narrows to one kind.
    await page.getByRole("searchbox", { name: "Search the audit log" }).fill("");
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "room.update", exact: true }).click();
    // Until its answer comes the table still shows every event (whose newest may be
    // this very rename): the rows once they are all of that kind.
    await expect.poll(async () => [...new Set(await rows.locator("td:nth-child(3)").allTextContents())]).toEqual(["room.update"]);

    // Verify integrity: every event the server holds, in the chain.
    const verified = await (await page.request.get("/api/audit/verify")).json();
    expect(verified.ok).toBe(true);
    await page.getByRole("button", { name: "Verify integrity" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Integrity" }))
      .toHaveText(/^Integrity verified: [\d,]+ events$/);
    const shown = Number((await page.getByRole("status").filter({ hasText: "Integrity" }).textContent())!.replace(/\D/g, ""));
    expect(shown).toBeGreaterThanOrEqual(verified.count);

    // Export: every room.update event (the filter holds), as CSV.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("audit-log.csv");
    const lines = (await downloadText(download)).trimEnd().split("\r\n");
    expect(lines[0]).toBe("ID,Time,Actor Type,Actor ID,Actor,Action,Target Type,Target ID,Target,Changes,IP,User Agent,Request ID,Hash");
    const mine = lines.find((line) => line.includes(`,room.update,room,${room.id},`));
    expect(mine).toContain(renamed);
    expect(lines.slice(1).every((line) => line.includes(",room.update,"))).toBe(true);
  });

  test("a member cannot open it", async ({ page }) => {
    await page.context().clearCookies();
    await signInByApi(page, DEMO_MEMBER.email, DEMO_PASSWORD);
    await page.goto("/dash/audit");
    await expect(page.getByText("Admin access required")).toBeVisible();
    expect((await page.request.get("/api/audit")).status()).toBe(403);
  });
});

test("the audit log reads offline once seen", async ({ page, context }) => {
  await signInAsAdmin(page);
  await page.goto("/dash/audit");
  const worker = await waitForServiceWorker(page);
  await expect(events(page).locator("tbody tr").first()).toBeVisible();
  const first = await events(page).locator("tbody tr").first().textContent();
  await waitForPersisted(page, ["/api/audit"]);

  await cutNetwork(context, worker);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
  await expect(events(page).locator("tbody tr").first()).toHaveText(first!);
});
