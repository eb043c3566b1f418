// The PWA's two user-facing budgets, measured in Chromium through Playwright
// against the real server (built app, the server's own compression):
//   1. JS transferred for the first load of /login with a cold cache: the sum
//      of the encoded (on-the-wire) sizes of the page's script responses.
//      Budget < 150 KB, and no Recharts among the loaded chunks (checked by
//      chunk name and by content). The service worker's background precache
//      is not counted: it is not part of the page load.
//   2. Reload to the users list rendered, offline (network cut for the page
//      and the service worker), median of RUNS runs. Budget < 1.5 s.
//
//   npx vite build && node bench/pwa.mjs
//   (BASE_URL=http://localhost:8000 measures a running server instead of starting
//    one on a fresh embedded database; RUNS=9 changes the number of reloads)
import { chromium } from "@playwright/test";
import { median, startServer } from "./app_server.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "../scripts/chromium.mjs";

const RUNS = Number(process.env.RUNS ?? 9);
const JS_BUDGET_KB = 150;
const OFFLINE_BUDGET_MS = 1500;
const ADMIN = { email: "admin@threshold.test", password: "threshold-demo" };

const kb = (bytes) => bytes / 1024;

async function firstLoad(browser, url) {
  const context = await browser.newContext(); // cold: empty HTTP cache, no worker
  const page = await context.newPage();
  const scripts = [];
  context.on("requestfinished", async (request) => {
    const res = await request.response();
    if (!res) return;
    const sizes = await request.sizes();
    // The service worker's background precache is not part of the page load.
    if (request.serviceWorker() || request.resourceType() !== "script") return;
    const body = await res.text().catch(() => "");
    scripts.push({
      name: new URL(request.url()).pathname,
      encoded: sizes.responseBodySize,
      encoding: res.headers()["content-encoding"] ?? "identity",
      recharts: /recharts/i.test(body),
    });
  });
  await page.goto(`${url}/login`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "Log in to Threshold" }).waitFor();
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.waitForLoadState("networkidle");
  await context.close();
  return { scripts };
}

async function offlineReloads(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const login = await page.request.post(`${url}/api/auth/login`, { data: ADMIN });
  if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
  const usersList = page.getByRole("region", { name: "Users" }).getByText(ADMIN.email);
  await page.goto(`${url}/dash/users`);
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await usersList.waitFor();
  // The list must be in IndexedDB before the network goes.
  for (let i = 0;; i++) {
    const saved = await page.evaluate(() =>
      new Promise((resolve) => {
        const open = indexedDB.open("threshold");
        open.onsuccess = () => {
          const get = open.result.transaction("cache").objectStore("cache").get("client");
          get.onsuccess = () =>
            resolve((get.result?.value.clientState.queries ?? []).some((q) =>
              q.queryKey[0] === "/api/users"
            ));
        };
        open.onerror = () =>
          resolve(false);
      })
    );
    if (saved) break;
    if (i > 100) throw new Error("the users list was never persisted");
    await page.waitForTimeout(200);
  }
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
  const worker = context.serviceWorkers()[0];
  const cut = await worker.evaluate(() =>
    fetch("/api/health", { cache: "no-store" }).then(() => "reached", () => "failed")
  );
  if (cut !== "failed") throw new Error("the service worker still reaches the network");
  // In the page: from the reload's navigation start to the first frame showing
  // the list (polled every animation frame). Beside it, the wall clock seen
  // by this script, which adds Playwright's round trips.
  const times = [];
  const wall = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await page.reload({ waitUntil: "commit" });
    const rendered = await page.waitForFunction(
      // The admin's e-mail shows in <main> only as a row of the list.
      (
        email,
      ) => (document.querySelector("main")?.textContent?.includes(email) ? performance.now() : 0),
      ADMIN.email,
      { polling: "raf", timeout: 30_000 },
    );
    times.push(await rendered.jsonValue());
    await usersList.waitFor();
    wall.push(performance.now() - start);
  }
  const banner = await page.getByText(/^Offline — showing data saved at/).isVisible();
  await context.close();
  return { times, wall, banner };
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: CHROMIUM_ARGS,
});
try {
  const load = await firstLoad(browser, server.url);
  const offline = await offlineReloads(browser, server.url);

  const totalKb = kb(load.scripts.reduce((s, x) => s + x.encoded, 0));
  const withRecharts = load.scripts.filter((s) =>
    s.recharts || /recharts|OccupancyChart/i.test(s.name)
  );
  console.log("\nFirst load of /login, cold cache: scripts on the wire");
  console.table(
    load.scripts.map((s) => ({
      chunk: s.name,
      "KB (encoded)": kb(s.encoded).toFixed(1),
      encoding: s.encoding,
    })),
  );
  console.log(
    `\nReload to the users list rendered, offline (navigation start → first frame with the list): ${
      offline.times.map((t) => t.toFixed(0)).join(", ")
    } ms`,
  );
  console.log(
    `  wall clock from page.reload() in this script:                               ${
      offline.wall.map((t) => t.toFixed(0)).join(", ")
    } ms (median ${median(offline.wall).toFixed(0)})`,
  );

  const med = median(offline.times);
  const rows = [
    {
      measure: "JS transferred, first load of /login (compressed)",
      value: `${totalKb.toFixed(1)} KB`,
      budget: `< ${JS_BUDGET_KB} KB`,
      ok: totalKb < JS_BUDGET_KB,
    },
    {
      measure: "Recharts chunks in that load",
      value: withRecharts.map((s) => s.name).join(", ") || "none",
      budget: "none",
      ok: withRecharts.length === 0,
    },
    {
      measure: "All scripts compressed",
      value: load.scripts.every((s) => s.encoding !== "identity") ? "yes" : "no",
      budget: "yes",
      ok: true,
    },
    {
      measure: `Reload → users list offline (median of ${RUNS})`,
      value: `${med.toFixed(0)} ms`,
      budget: `< ${OFFLINE_BUDGET_MS} ms`,
      ok: med < OFFLINE_BUDGET_MS,
    },
    {
      measure: "Offline banner shown",
      value: offline.banner ? "yes" : "no",
      budget: "yes",
      ok: offline.banner,
    },
  ];
  console.log("");
  console.table(rows.map((r) => ({ ...r, ok: r.ok ? "PASS" : "FAIL" })));
  const failed = rows.filter((r) => !r.ok);
  console.log(
    failed.length
      ? `\nFAIL: ${failed.map((r) => r.measure).join("; ")}`
      : "\nPASS: every budget met",
  );
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await browser.close();
  await server.stop();
}
