// Registers the service worker; when a new version is waiting, a toast offers
// to reload into it (registerType "prompt": nothing updates behind the user's back).
// Registered once the app has started (main.tsx: mounted, and its saved cache
// back) and the page is idle, not as the app starts: a first visit's worker
// precaches the whole build (about 220 files, 1.9 MB), an install that takes more
// CPU on its own thread (about half a second in a cold load of /, /login or /app
// here) than the page's main thread takes for the whole load. Registered as
// main.tsx ran, it started just before the hydration and ran through it (and
// through /app's start after it), so on a phone's few cores each of those tasks
// took longer (issue 28, docs/operations.md). A visit the worker already controls
// loses nothing: it is served by that worker either way; only the check for an
// update waits.
//
// With the browser's own calls, not workbox-window's (1.9 KB more in the first load
// of /login, over its 150 KB budget: bench/pwa.mjs), which also reported one waiting
// worker twice.
import { toast } from "../ui/toast/toast";

/** Built from sw/sw.ts by vite-plugin-pwa (none in the dev server). */
const WORKER_URL = "/sw.js";

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** The waiting worker the prompt was shown for. */
let promptedFor: ServiceWorker | undefined;

/** At most this long after it is asked for, even on a page never idle. */
const IDLE_TIMEOUT_MS = 5_000;
let scheduled = false;

/** Registers the worker once the browser is idle (once per page load, however often asked). */
export function registerServiceWorkerWhenIdle() {
  if (scheduled || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  scheduled = true;
  // Safari has no requestIdleCallback: a timer after the screen's own tasks.
  const register = () => void registerServiceWorker().catch(() => {/* the app works without it, online */});
  if (typeof requestIdleCallback === "function") requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(register, 1_000);
}

async function registerServiceWorker() {
  const container = navigator.serviceWorker;
  // Controlled already: a new worker taking over (Reload here, or in another tab)
  // means this page's code is the old one's, so it reloads. A first install takes
  // over the page it was installed from, which has nothing to reload.
  if (container.controller) container.addEventListener("controllerchange", reloadOnce);
  const registration = await container.register(WORKER_URL, { scope: "/" });
  // A worker installed on an earlier visit may be waiting already.
  if (registration.waiting && container.controller) offerReload(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      // Installed while another worker controls the page: it waits for SKIP_WAITING.
      if (installing.state === "installed" && container.controller) offerReload(installing);
    });
  });
}

function offerReload(waiting: ServiceWorker) {
  // One prompt per worker: a second toast would replace the first under the user's
  // finger and swallow the tap on Reload.
  if (waiting === promptedFor) return;
  promptedFor = waiting;
  toast({
    title: "A new version is available",
    description: "Reload to use the latest Threshold.",
    action: {
      label: "Reload",
      // The waiting worker activates and takes over; controllerchange reloads (also
      // in a page that was not controlled at load, its first worker installed since).
      onClick: () => {
        navigator.serviceWorker.addEventListener("controllerchange", reloadOnce, { once: true });
        waiting.postMessage({ type: "SKIP_WAITING" });
      },
    },
    duration: Infinity,
  });
}
