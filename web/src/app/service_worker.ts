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
import { registerSW } from "virtual:pwa-register";
import { toast } from "../ui/toast/toast";

let reloading = false;
function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** The waiting worker the prompt was shown for. */
let promptedFor: ServiceWorker | null | undefined;

/** At most this long after it is asked for, even on a page never idle. */
const IDLE_TIMEOUT_MS = 5_000;
let scheduled = false;

/** Registers the worker once the browser is idle (once per page load, however often asked). */
export function registerServiceWorkerWhenIdle() {
  if (scheduled) return;
  scheduled = true;
  // Safari has no requestIdleCallback: a timer after the screen's own tasks.
  if (typeof requestIdleCallback === "function") requestIdleCallback(registerServiceWorker, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(registerServiceWorker, 1_000);
}

function registerServiceWorker() {
  const updateServiceWorker = registerSW({
    async onNeedRefresh() {
      // workbox-window reports a worker installed by an update it did not start
      // twice (as "installed", external, then as "waiting" 200 ms later). One prompt
      // per worker: a second toast would replace the first under the user's finger
      // and swallow the tap on Reload.
      const waiting = (await navigator.serviceWorker.getRegistration())?.waiting ?? null;
      if (waiting === promptedFor) return;
      promptedFor = waiting;
      toast({
        title: "A new version is available",
        description: "Reload to use the latest Threshold.",
        action: {
          label: "Reload",
          onClick: () => {
            // SKIP_WAITING activates the waiting worker; reload when it takes
            // over. workbox-window reloads only when this page was already
            // controlled at load, not in the tab that first installed the app.
            navigator.serviceWorker.addEventListener("controllerchange", reloadOnce, { once: true });
            void updateServiceWorker(true);
          },
        },
        duration: Infinity,
      });
    },
    onNeedReload: reloadOnce,
  });
}
