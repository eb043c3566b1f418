// The room, device, group and global access logs of spec 2 §2 (and spec 1 §2
// "Global logs") against the real server's access_logs: their columns and
// texts, server search, paging, and CSV export of exactly the filtered rows.
import type { Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "./dashboard";
import { DESKTOP, expect, expectAccessibleAtAllWidths, PHONE, test } from "./fixtures";
import { apiCreateDevice, apiDeviceByName, apiRoomByName, CSV_HEADER, downloadText } from "./spaces";

test.use({ serviceWorkers: "block", viewport: DESKTOP });
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

type LogPage = {
  items: { id: number; userName: string | null; deviceName: string | null; credentialType: string | null; action: string; outcome: string }[];
  nextCursor: string | null;
  total: number | null;
  totalExact: boolean;
};

async function apiLog(page: Page, path: string, query: Record<string, string> = {}): Promise<LogPage> {
  const res = await page.request.get(`${path}?${new URLSearchParams({ limit: "200", ...query })}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LogPage;
}

/**
 * The export holds exactly the rows the API finds for `query`, however many
 * (the pager's total stops counting at 1,000). The demo's doors may add rows
 * after the export; those newer than its newest row are left out.
 */
async function expectExportOf(page: Page, path: string, query: Record<string, string>, lines: string[]) {
  const exported = lines.map((line) => Number(line.split(",")[0]));
  const newest = Math.max(0, ...exported);
  const matching: number[] = [];
  let cursor: string | null = null;
  do {
    const found: LogPage = await apiLog(page, path, cursor ? { ...query, cursor } : query);
    matching.push(...found.items.map((i) => i.id).filter((id) => id <= newest));
    cursor = found.nextCursor;
  } while (cursor);
  expect(exported.toSorted((a, b) => a - b)).toEqual(matching.toSorted((a, b) => a - b));
}

const pager = (page: Page) => page.getByText(/^(\d[\d,]*-\d[\d,]*|0) of [\d,+]+$/);
const rowsOf = (table: Locator) => table.locator("tbody tr");

/** "1-50 of 120", "1-7 of 7", "1-50 of 1,000+" for a first page of `total` rows. */
function firstPageLabel(page: LogPage): string {
  const total = page.total ?? 0;
  const shown = Math.min(50, total);
  const of = page.totalExact ? total.toLocaleString("en-US") : `${total.toLocaleString("en-US")}+`;
  return `1-${shown} of ${of}`;
}

/** Types into the log search; the pager then counts what the API finds for `search`. */
async function searchLogs(page: Page, path: string, typed: string, search: string): Promise<LogPage> {
  await page.getByRole("searchbox", { name: "Search logs" }).fill(typed);
  const found = await apiLog(page, path, { search });
  await expect(pager(page)).toHaveText(firstPageLabel(found));
  return found;
}

async function exportCsv(page: Page, expectedName: string): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(expectedName);
  const lines = (await downloadText(download)).trimEnd().split("\r\n");
  expect(lines[0]).toBe(CSV_HEADER);
  return lines.slice(1);
}

test("room log: TIMESTAMP, DEVICE, CREDENTIAL, ACTION, OUTCOME from the server; search and CSV export", async ({ page }) => {
  const lobby = await apiRoomByName(page, "Main Lobby");
  const path = `/api/rooms/${lobby.id}/logs`;
  const all = await apiLog(page, path);
  expect(all.items.length).toBeGreaterThan(50);

  await page.goto(`/dash/room/${lobby.id}/logs`);
  await expect(page).toHaveTitle("Threshold - Room Logs");
  await expect(page.getByRole("navigation", { name: "Room sections" }).getByRole("link", { name: "Log" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Room access logs" });
  for (const column of ["TIMESTAMP", "DEVICE", "CREDENTIAL", "ACTION", "OUTCOME"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(table.getByRole("columnheader", { name: "USER" })).toHaveCount(0);
  const first = all.items[0];
  const firstRow = rowsOf(table).first();
  await expect(firstRow.getByRole("cell").nth(1)).toHaveText(first.deviceName!);
  await expect(firstRow.getByRole("cell").nth(2)).toHaveText(first.credentialType!);
  await expect(firstRow.getByRole("cell").nth(3)).toHaveText(first.action);
  await expect(pager(page)).toHaveText(firstPageLabel(all));
  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(DESKTOP);

  // By device.
  const turnstile = await searchLogs(page, path, "TURNSTILE", "turnstile");
  for (const cell of await rowsOf(table).locator("td:nth-child(2)").all()) await expect(cell).toHaveText("Lobby Turnstile");
  const lines = await exportCsv(page, `room-${lobby.id}-access-logs.csv`);
  expect(lines.length).toBeGreaterThanOrEqual(turnstile.total!);
  await expectExportOf(page, path, { search: "turnstile" }, lines);
  for (const line of lines) expect(line).toContain(",Lobby Turnstile,Main Lobby,");

  // By credential, and by action.
  await page.getByRole("searchbox", { name: "Search logs" }).fill("mifare");
  await expect(rowsOf(table).first().getByRole("cell").nth(2)).toHaveText("Mifare");
  await page.getByRole("searchbox", { name: "Search logs" }).fill("badge scan");
  await expect(rowsOf(table).first().getByRole("cell").nth(3)).toHaveText("Badge Scan");

  await page.getByRole("searchbox", { name: "Search logs" }).fill(`nothing-${Date.now()}`);
  await expect(page.getByText("No log entries found matching your search.")).toBeVisible();
  await expect(pager(page)).toHaveText("0 of 0");
});

test("device log: 'Search log...' over user, action and credential; the empty text; export", async ({ page }) => {
  const reader = await apiDeviceByName(page, "Lobby Entrance Reader");
  const path = `/api/devices/${reader.id}/logs`;
  const all = await apiLog(page, path);
  expect(all.items.length).toBeGreaterThan(10);
  const someone = all.items.find((i) => i.userName)!.userName!;

  await page.goto(`/dash/device/${reader.id}/logs`);
  await expect(page).toHaveTitle("Threshold - Device Logs");
  await expect(page.getByRole("heading", { name: "Lobby Entrance Reader", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Device access logs" });
  for (const column of ["TIMESTAMP", "USER", "CREDENTIAL", "ACTION", "OUTCOME"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(rowsOf(table).first().getByRole("cell").nth(1)).toHaveText(all.items[0].userName ?? "—");
  await expect(rowsOf(table).first().getByRole("cell").nth(2)).toHaveText(all.items[0].credentialType ?? "—");
  const search = page.getByPlaceholder("Search log...");
  await expect(search).toBeVisible();
  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(DESKTOP);

  await search.fill(someone.toUpperCase());
  const theirs = await apiLog(page, path, { search: someone });
  await expect(pager(page)).toHaveText(firstPageLabel(theirs));
  for (const cell of await rowsOf(table).locator("td:nth-child(2)").all()) await expect(cell).toHaveText(someone);
  const lines = await exportCsv(page, `device-${reader.id}-access-logs.csv`);
  expect(lines.length).toBeGreaterThanOrEqual(theirs.total!);
  await expectExportOf(page, path, { search: someone }, lines);
  for (const line of lines) expect(line).toContain(`,${someone},Lobby Entrance Reader,`);

  await search.fill(`nobody-${Date.now()}`);
  await expect(page.getByText("No log entries found matching your search.")).toBeVisible();

  // A device that has never been used.
  const quiet = await apiCreateDevice(page, "Quiet Reader", { type: "reader" });
  await page.goto(`/dash/device/${quiet.id}/logs`);
  await expect(page.getByText("No log entries found matching your search.")).toBeVisible();
  await expect(pager(page)).toHaveText("0 of 0");
  await page.getByRole("navigation", { name: "Device sections" }).getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(new RegExp(`/dash/device/${quiet.id}$`));
});

test("group log: what the group's members did at its rooms; phone cards; export", async ({ page }) => {
  const groups = (await (await page.request.get("/api/groups")).json()) as { id: number; name: string }[];
  const engineering = groups.find((g) => g.name === "Engineering")!;
  const path = `/api/groups/${engineering.id}/logs`;
  const all = await apiLog(page, path);
  expect(all.items.length).toBeGreaterThan(0);

  await page.goto(`/dash/groups/${engineering.id}/logs`);
  await expect(page).toHaveTitle("Threshold - Group Logs");
  await expect(page.getByRole("heading", { name: "Engineering", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Group sections" }).getByRole("link", { name: "Logs" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: "Group access logs" });
  for (const column of ["TIMESTAMP", "USER", "CREDENTIAL", "ACTION", "OUTCOME"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  const first = all.items[0];
  await expect(rowsOf(table).first().getByRole("cell").nth(1)).toHaveText(first.userName!);
  await expect(rowsOf(table).first().getByRole("cell").nth(2)).toContainText(first.credentialType!);
  await expect(rowsOf(table).first().getByRole("cell").nth(2)).toContainText(first.deviceName!);
  await expect(pager(page)).toHaveText(firstPageLabel(all));
  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(DESKTOP);

  const server = await searchLogs(page, path, "server room", "server room");
  const lines = await exportCsv(page, `group-${engineering.id}-access-logs.csv`);
  expect(lines.length).toBeGreaterThanOrEqual(server.total!);
  await expectExportOf(page, path, { search: "server room" }, lines);
  for (const line of lines) expect(line).toContain("Server Room");

  await page.getByRole("searchbox", { name: "Search logs" }).fill(`nothing-${Date.now()}`);
  await expect(page.getByText("No log entries found matching your search.")).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.getByRole("searchbox", { name: "Search logs" }).fill("");
  const cards = page.getByRole("list", { name: "Group access logs" }).getByRole("listitem");
  await expect(cards.first()).toContainText(first.userName!);
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("global log: 'Review all activity', every door, search, paging and export", async ({ page }) => {
  const all = await apiLog(page, "/api/logs", { limit: "50" });
  await page.goto("/dash/logs");
  await expect(page).toHaveTitle("Threshold - Logs");
  await expect(page.getByRole("heading", { name: "Logs", level: 1 })).toBeVisible();
  await expect(page.getByText("Review all activity")).toBeVisible();
  const table = page.getByRole("table", { name: "Access logs" });
  for (const column of ["TIMESTAMP", "USER", "CREDENTIAL", "ACTION", "OUTCOME"]) {
    await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(rowsOf(table)).toHaveCount(50);
  await expect(rowsOf(table).first().getByRole("cell").nth(2)).toContainText(all.items[0].deviceName!);
  await expect(pager(page)).toHaveText(firstPageLabel(all));
  await expectAccessibleAtAllWidths(page);
  await page.setViewportSize(DESKTOP);

  // Keyset paging: the second page starts where the first ended.
  const second = await (await page.request.get(`/api/logs?limit=100`)).json();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(pager(page)).toHaveText(/^51-100 of /);
  await expect(rowsOf(table).first().getByRole("cell").nth(1)).toHaveText(second.items[50].userName ?? "—");
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(pager(page)).toHaveText(firstPageLabel(all));

  const mail = await searchLogs(page, "/api/logs", "mail room lock", "mail room lock");
  const lines = await exportCsv(page, "access-logs.csv");
  expect(lines.length).toBeGreaterThanOrEqual(mail.total!);
  await expectExportOf(page, "/api/logs", { search: "mail room lock" }, lines);
  for (const line of lines) expect(line).toContain(",Mail Room Lock,Mail Room,");

  // Only denials.
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("group", { name: "Filters" }).getByRole("combobox", { name: "Outcome" }).click();
  await page.getByRole("option", { name: "Access Denied" }).click();
  const denied = await apiLog(page, "/api/logs", { search: "mail room lock", outcome: "denied" });
  await expect(pager(page)).toHaveText(denied.total ? firstPageLabel(denied) : "0 of 0");
  const deniedLines = await exportCsv(page, "access-logs.csv");
  expect(deniedLines.length).toBeGreaterThanOrEqual(denied.total ?? 0);
  await expectExportOf(page, "/api/logs", { search: "mail room lock", outcome: "denied" }, deniedLines);
  for (const line of deniedLines) expect(line).toContain(",denied,");
});
