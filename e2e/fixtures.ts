// Shared end-to-end fixtures: the server started by global_setup.ts, an
// accessibility check every screen test uses, and a way to hold the page's
// calls to see what shows while they run.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 820, height: 1180 };
export const DESKTOP = { width: 1440, height: 900 };

export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is unset: run through playwright.config.ts");
    await use(url);
  },
});

export { expect };

/** axe-core itself, put into a page by evaluating its source (the app's CSP does not apply to that). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Fails on any serious or critical axe violation on the page as it is now.
 * axe-core runs in the page, put there once per document: @axe-core/playwright
 * put it in again at every check and finished each one in a new page of its own,
 * 1.5 s a check on a quiet machine against 0.2–0.5 s for the rules themselves.
 * (The app has no frames, which that wrapper would also have checked.)
 */
export async function expectAccessible(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({ resultTypes: ["violations"] })
  );
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // axe names a node ":root" when it left the page before the report (a render replaced
  // it), so such a node is told by its markup instead.
  const summary = bad.map((v) =>
    `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ") === ":root" ? n.html : n.target.join(" ")).join(", ")}`
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Runs the accessibility check at phone and desktop widths. */
export async function expectAccessibleAtAllWidths(page: Page) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
}

/**
 * Holds the page's calls to `url` (only those of `method`, when given) until
 * the returned release() is called; they then go on to the server.
 */
export async function holdRequests(page: Page, url: string, method?: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await held;
    await route.continue();
  });
  return release;
}

/** The page's title ("Threshold - <screen>") and the robots meta every page carries (spec 1 §3). */
export async function expectPageMeta(page: Page, screen: string) {
  await expect(page).toHaveTitle(`Threshold - ${screen}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
}
