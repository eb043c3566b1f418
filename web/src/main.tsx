// Entry point: self-hosted Inter (latin and latin-ext only, to keep the precache
// small; app/fonts.css, inlined into index.html at build time), the app shell and
// the router. A public page rendered at build time (app/prerender.tsx) is
// hydrated; any other page is rendered here.
import "./app/fonts.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { queryClient } from "./api/query_client";
import { SESSION_QUERY_KEY, signedOutAtStart } from "./api/session";
import { AppShell } from "./app/AppShell";
import { createRouter } from "./app/routes";
import { registerServiceWorker } from "./app/service_worker";
import { isSignOutPending, storedUser } from "./offline/storage";

const container = document.getElementById("root")!;
// The server sends a page rendered at build time only to a browser without a
// session cookie: nobody is signed in, which is what the me call would answer.
const prerendered = container.hasChildNodes();
if (prerendered) signedOutAtStart(queryClient);

// The restored cache renders at once (offline too); online, every query is then
// marked stale so each page load still reads the server's data, as without
// persistence (the session of a prerendered page is already the server's answer).
// The outbox (and IndexedDB with it) starts only when it may have work: a user
// signed in here, or a sign-out still owed; a sign-in starts it otherwise.
function onCacheRestored() {
  if (storedUser() || isSignOutPending()) void import("./offline/outbox").then((outbox) => outbox.startOutbox());
  if (!navigator.onLine) return;
  void queryClient.invalidateQueries({ predicate: (query) => !(prerendered && query.queryKey[0] === SESSION_QUERY_KEY[0]) });
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
