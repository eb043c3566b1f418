// Registers the service worker; when a new version is waiting, a toast offers
// to reload into it (registerType "prompt": nothing updates behind the user's back).
import { registerSW } from "virtual:pwa-register";
import { toast } from "../ui/toast/toast";

export function registerServiceWorker() {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast({
        title: "Update available",
        description: "A new version of Threshold is ready.",
        action: { label: "Reload", onClick: () => void updateServiceWorker(true) },
        duration: Infinity,
      });
    },
  });
}
