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
