// Registers the service worker; when a new version is waiting, a toast offers
// to reload into it (registerType "prompt": nothing updates behind the user's back).
import { registerSW } from "virtual:pwa-register";
import { toast } from "../ui/toast/toast";

export function registerServiceWorker() {
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast({
        title: "A new version is available",
        description: "Reload to use the latest Threshold.",
        action: { label: "Reload", onClick: () => void updateServiceWorker(true) },
        duration: Infinity,
      });
    },
  });
}
