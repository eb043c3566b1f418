// Entry point: the app shell and the router. A public page rendered at build
// time (app/prerender.tsx) is hydrated; any other page is rendered here. (Inter,
// self-hosted, is index.html's: app/fonts.css.)
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { queryClient } from "./api/query_client";
import { sessionQueryOptions, signedOutAtStart } from "./api/session";
import { AppShell } from "./app/AppShell";
import { createRouter } from "./app/routes";
import { registerServiceWorker } from "./app/service_worker";
import { isSignOutPending, storedUser } from "./offline/storage";

const startedAt = Date.now();
const container = document.getElementById("root")!;
// The server sends a page rendered at build time only to a browser without a
// session cookie: nobody is signed in, which is what the me call would answer.
const prerendered = container.hasChildNodes();
if (prerendered) signedOutAtStart(queryClient);
// Any other page (the phone's /app above all) begins with the session: asked for
// now, beside the page's own chunk, not once that chunk has arrived.
else void queryClient.prefetchQuery(sessionQueryOptions);

// The restored cache renders at once (offline too); online, every query is then
// marked stale so each page load still reads the server's data, as without
// persistence (what this page load already read or is reading is left alone).
// The outbox (and IndexedDB with it) starts only when it may have work: a user
// signed in here, or a sign-out still owed; a sign-in starts it otherwise.
function onCacheRestored() {
  if (storedUser() || isSignOutPending()) void import("./offline/outbox").then((outbox) => outbox.startOutbox());
  if (!navigator.onLine) return;
  void queryClient.invalidateQueries({
    predicate: ({ state }) => state.dataUpdatedAt < startedAt && state.fetchStatus !== "fetching",
  });
}

const router = await createRouter({ hydrating: prerendered });
const app = (
  <AppShell queryClient={queryClient} onCacheRestored={onCacheRestored}>
    <RouterProvider router={router} />
  </AppShell>
);
// Hydration as a transition: React does it in slices, leaving the main thread
// free in between (a phone's CPU would otherwise be blocked for its whole length).
if (prerendered) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

registerServiceWorker();
// Ask the browser not to evict the offline data under storage pressure.
void navigator.storage?.persist?.();
