// Entry point: theme with self-hosted Inter (latin and latin-ext only, to keep the
// precache small), query cache, router and toasts.
import "@fontsource/inter/latin-400.css";
import "@fontsource/inter/latin-ext-400.css";
import "@fontsource/inter/latin-500.css";
import "@fontsource/inter/latin-ext-500.css";
import "@fontsource/inter/latin-600.css";
import "@fontsource/inter/latin-ext-600.css";
import "@fontsource/inter/latin-700.css";
import "@fontsource/inter/latin-ext-700.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import CssBaseline from "@mui/joy/CssBaseline";
import { CssVarsProvider } from "@mui/joy/styles";
import { queryClient } from "./api/query_client";
import { router } from "./app/routes";
import { registerServiceWorker } from "./app/service_worker";
import { theme } from "./app/theme";
import { Toaster } from "./ui/toast/Toaster";
import { CACHE_BUSTER, CACHE_MAX_AGE_MS, dehydrateOptions, persister } from "./offline/persister";
import { startOutbox } from "./offline/outbox";
import { OfflineBanner } from "./offline/OfflineBanner";

// The restored cache renders at once (offline too); online, every query is then
// marked stale so each page load still reads the server's data, as without persistence.
function onCacheRestored() {
  startOutbox();
  if (navigator.onLine) void queryClient.invalidateQueries();
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <CssVarsProvider theme={theme}>
      <CssBaseline />
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister, maxAge: CACHE_MAX_AGE_MS, buster: CACHE_BUSTER, dehydrateOptions }}
        onSuccess={onCacheRestored}
      >
        <OfflineBanner />
        <RouterProvider router={router} />
        <Toaster />
      </PersistQueryClientProvider>
    </CssVarsProvider>
  </StrictMode>,
);

registerServiceWorker();
// Ask the browser not to evict the offline data under storage pressure.
void navigator.storage?.persist?.();
