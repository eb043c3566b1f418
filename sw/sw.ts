/// <reference lib="webworker" />
// The app shell's service worker: precaches the build and answers every page
// navigation with index.html, so the PWA opens without a network.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes all render from index.html; API calls must reach the server,
// and so must the simulators' server-rendered pages (the Stripe Identity hosted page).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL("index.html"), { denylist: [/^\/api\//, /^\/sim\//] }),
);

// The first install takes the open page at once (nothing older to replace), so
// it works offline without a reload. Updates still wait for the user:
// registerType "prompt", a new worker activates only on SKIP_WAITING.
clientsClaim();

// registerType "prompt": a new worker waits until the user accepts the update.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

// --- Web Push (spec 4 §3): the server's `{ title, body, url, tag }`, shown; a tap opens its url. ---

/** Where a tap goes when a message names no address of this app: the installed app's start. */
const START_PATH = "/app";
const ICON = "/icons/icon-192.png";

type PushMessage = { title?: unknown; body?: unknown; url?: unknown; tag?: unknown };

/** Only a path of this app is followed: a message never sends anyone to another site. */
function appUrl(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw.startsWith("/")) return null;
  try {
    const url = new URL(raw, self.location.origin);
    // "//host/…" and "/\host/…" are other sites to the URL parser.
    return url.origin === self.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

function readMessage(data: PushMessageData | null): PushMessage {
  try {
    return (data?.json() ?? {}) as PushMessage;
  } catch {
    return { body: data?.text() };
  }
}

self.addEventListener("push", (event) => {
  const message = readMessage(event.data);
  const tag = typeof message.tag === "string" && message.tag ? message.tag : undefined;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: typeof message.body === "string" ? message.body : undefined,
    icon: ICON,
    // The same alarm's later message replaces the earlier one, and still alerts.
    tag,
    renotify: tag !== undefined,
    // Checked when followed (appUrl), not here.
    data: { url: message.url },
  };
  // Subscribed with userVisibleOnly: every message shows something, a garbled one too.
  const title = typeof message.title === "string" && message.title ? message.title : "Threshold";
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses an open window of the app (sent to `url` when it is elsewhere), or opens one there. */
async function openApp(url: string | null) {
  // The windows this worker controls (every Threshold window: clientsClaim), the last used first.
  const windows = await self.clients.matchAll({ type: "window" });
  const open = windows.find((client) => client.url === url) ?? windows[0];
  if (!open) {
    await self.clients.openWindow(url ?? START_PATH);
    return;
  }
  // The browser decides whether a tap may raise a window; refused, the window still goes to the alarm.
  await open.focus().catch(() => undefined);
  if (url && open.url !== url) await open.navigate(url);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openApp(appUrl((event.notification.data as { url?: unknown } | null)?.url)));
});
