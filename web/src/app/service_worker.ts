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

export function registerServiceWorker() {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
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
