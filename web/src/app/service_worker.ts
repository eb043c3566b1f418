// Registers the service worker; when a new version is waiting, a toast offers
// to reload into it (registerType "prompt": nothing updates behind the user's back).
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

export function registerServiceWorker() {
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
