// Helpers of the offline end-to-end tests: an active, controlling service
// worker; a network cut for the page AND the service worker (setOffline plus a
// context route that aborts everything, checked by a fetch from the worker
// itself); waits on the persisted cache and the outbox in IndexedDB; and a
// small server that serves the build with a changed sw.js (a "new release").
import { readFile } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import type { BrowserContext, Page, Route, Worker } from "@playwright/test";
import { expect } from "./fixtures";

/** Waits until the service worker is active AND controls the page (reloading once if the first load was not claimed). */
export async function waitForServiceWorker(page: Page): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 20_000 }).toBe(true);
  const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
  return worker;
}

/** What a fetch made by the service worker itself gives: "ok <status>" or "failed". */
export async function fetchFromWorker(worker: Worker, path = "/api/health"): Promise<string> {
  return await worker.evaluate(
    (p) => fetch(p, { cache: "no-store" }).then((r) => `ok ${r.status}`, () => "failed"),
    path,
  );
}

const abortAll = (route: Route) => route.abort("internetdisconnected");

/**
 * Cuts the network for the page and its service worker: navigator.onLine goes
 * false, and every request (the worker's own included) is aborted. Verified by
 * a fetch from the worker.
 */
export async function cutNetwork(context: BrowserContext, worker: Worker) {
  await context.setOffline(true);
  await context.route("**/*", abortAll);
  expect(await fetchFromWorker(worker)).toBe("failed");
}

export async function restoreNetwork(context: BrowserContext) {
  await context.unroute("**/*", abortAll);
  await context.setOffline(false);
}

/** Every object store of the app's IndexedDB database and its rows, read in the page. */
export async function readIndexedDb(page: Page): Promise<Record<string, unknown[]>> {
  return await page.evaluate(() =>
    new Promise<Record<string, unknown[]>>((resolve, reject) => {
      const open = indexedDB.open("threshold");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const names = [...db.objectStoreNames];
        if (!names.length) return (db.close(), resolve({}));
        const tx = db.transaction(names);
        const stores: Record<string, unknown[]> = {};
        for (const name of names) {
          const all = tx.objectStore(name).getAll();
          all.onsuccess = () => (stores[name] = all.result);
        }
        tx.oncomplete = () => {
          db.close();
          resolve(stores);
        };
      };
    })
  );
}

/** When the persisted query cache was last written (0: never). */
export async function persistedAt(page: Page): Promise<number> {
  const rows = ((await readIndexedDb(page)).cache ?? []) as { key: string; value?: { timestamp?: number } }[];
  return rows.find((row) => row.key === "client")?.value?.timestamp ?? 0;
}

/** What this browser keeps for the page's origin: IndexedDB, localStorage and sessionStorage, as text. */
export async function everythingKept(page: Page): Promise<string> {
  const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  return JSON.stringify(await readIndexedDb(page)) + storage;
}

type OutboxRow = { status: string; label: string; key: string };
type CacheRow = { key: string; value?: { clientState: { queries: { queryKey: unknown[]; state: { status: string } }[] } } };

/** The persisted React Query cache's keys (of answered queries) and the outbox rows. */
export async function readOfflineDb(page: Page): Promise<{ keys: string[]; outbox: OutboxRow[] }> {
  const stores = await readIndexedDb(page);
  const client = (stores.cache as CacheRow[] | undefined)?.find((row) => row.key === "client")?.value;
  return {
    keys: (client?.clientState.queries ?? []).filter((q) => q.state.status === "success").map((q) => String(q.queryKey[0])),
    outbox: ((stores.outbox ?? []) as OutboxRow[]).map(({ status, label, key }) => ({ status, label, key })),
  };
}

/** Waits until every given query key (first segment, e.g. "/api/users") is in the persisted cache. */
export async function waitForPersisted(page: Page, keys: string[]) {
  await expect
    .poll(async () => {
      const saved = new Set((await readOfflineDb(page)).keys);
      return keys.filter((k) => !saved.has(k));
    }, { timeout: 20_000, message: "queries not yet persisted to IndexedDB" })
    .toEqual([]);
}

export async function outboxSize(page: Page): Promise<number> {
  return (await readOfflineDb(page)).outbox.length;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
};

/**
 * Serves the built app from `dist/` on its own port, with /sw.js taken from
 * `release.sw` (so a test can publish a new build's worker), and passes /api
 * to the real server. A separate origin: its own service worker registration.
 */
export async function startReleaseServer(dist: string, upstream: string) {
  const release = { sw: await readFile(join(dist, "sw.js"), "utf8") };
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    if (path.startsWith("/api/")) {
      const target = new URL(req.url ?? "/", upstream);
      const proxied = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      proxied.on("error", () => res.writeHead(502).end());
      req.pipe(proxied);
      return;
    }
    if (path === "/sw.js") {
      res.writeHead(200, { "content-type": TYPES[".js"], "cache-control": "no-cache" });
      return res.end(release.sw);
    }
    const file = normalize(join(dist, extname(path) ? path : "index.html"));
    try {
      if (!file.startsWith(normalize(dist))) throw new Error("outside");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache" });
      res.end(body);
    } catch {
      res.writeHead(404).end("Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
