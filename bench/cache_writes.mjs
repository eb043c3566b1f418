// What keeping the query cache in IndexedDB costs the page while an admin browses with
// a big cache (web/src/offline/persister.ts): Chromium against the real server (built
// app, embedded demo database), the users list answered with the real list plus
// 10,000 more, then ROUNDS (3) times round four pages of the dashboard (Groups, Rooms,
// Devices, Users), DWELL_MS (1,500) on each, as an admin looking for something.
// Every write of the cache serializes the whole of it on the page's main thread
// (IDBObjectStore.put's structured clone, timed here by wrapping put): reported are
// the writes, their main-thread time, and the slowest. Budget: at most one write
// per page opened (the persister writes at most every 400 ms while the cache keeps
// changing; it wrote at each query's fetch and answer, three a page).
//
//   npx vite build && node bench/cache_writes.mjs
import { chromium } from "@playwright/test";
import { sessionCookie, startServer } from "./app_server.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "../scripts/chromium.mjs";
import { BULK, bulkUsers } from "../e2e/bulk_people.mjs";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DWELL_MS = Number(process.env.DWELL_MS ?? 1_500);
const PAGES = ["Groups", "Rooms", "Devices", "Users"];
const ADMIN = { email: "admin@threshold.test", password: "threshold-demo" };
const EVERYONE = /^1-1\d,\d{3} of 1\d,\d{3}$/;

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const cookie = await sessionCookie(server.url, ADMIN);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { cookie } });
  await context.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    globalThis.__cacheWrites = [];
    IDBObjectStore.prototype.put = function (...args) {
      const start = performance.now();
      const request = put.apply(this, args);
      if (this.name === "cache") globalThis.__cacheWrites.push(performance.now() - start);
      return request;
    };
  });
  const page = await context.newPage();
  await page.route("**/api/users", async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({ json: [...real, ...bulkUsers] });
  });
  await page.goto(`${server.url}/dash/users`);
  await page.getByText(EVERYONE).waitFor({ timeout: 30_000 });
  // The 10,000 saved once, and the page quiet: counted from here.
  await page.waitForFunction(() => globalThis.__cacheWrites.length > 0);
  await page.waitForTimeout(DWELL_MS);
  await page.evaluate(() => (globalThis.__cacheWrites = []));

  let opened = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of PAGES) {
      await page.getByRole("link", { name, exact: true }).first().click();
      await page.waitForURL(new RegExp(`/dash/${name.toLowerCase()}$`));
      opened++;
      await page.waitForTimeout(DWELL_MS);
    }
  }
  const writes = await page.evaluate(() => globalThis.__cacheWrites);
  const total = writes.reduce((a, b) => a + b, 0);
  const perPage = writes.length / opened;
  console.log(
    `${opened} pages opened, ${DWELL_MS} ms each, with ${BULK.toLocaleString("en-US")} users cached: ` +
      `${writes.length} cache writes, ${total.toFixed(0)} ms of the main thread (${(total / opened).toFixed(0)} ms a page), ` +
      `slowest ${Math.max(0, ...writes).toFixed(1)} ms`,
  );
  const ok = perPage <= 1;
  console.log(`cache writes per page opened: ${perPage.toFixed(2)} (budget ≤ 1): ${ok ? "ok" : "OVER BUDGET"}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
}
