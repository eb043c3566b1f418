// Entry point: the app shell and the router. A page rendered on the server
// (app/prerender.tsx: the public pages, a member's /app) is hydrated; any other
// page is rendered here. (Inter, self-hosted, is index.html's: app/fonts.css.)
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { queryClient } from "./api/query_client";
import { sessionQueryOptions, startWithSession } from "./api/session";
import { AppShell } from "./app/AppShell";
import { type RenderedWith, SESSION_DATA_ID } from "./app/session_data";
import { createRouter } from "./app/routes";
import { registerServiceWorkerWhenIdle } from "./app/service_worker";
import { isSignOutPending, onStoredUserChange, storedUser } from "./offline/storage";

const startedAt = Date.now();
const container = document.getElementById("root")!;
// A page rendered on the server says whom for; any other page begins with the
// session: asked for now, beside the page's own chunk, not once it has arrived.
const sessionData = document.getElementById(SESSION_DATA_ID);
const renderedWith = sessionData ? (JSON.parse(sessionData.textContent!) as RenderedWith) : undefined;
// A sign-out this browser still owes the server (made offline) outranks the
// session the page was rendered with, as it does the me call's answer: such a
// page is rendered afresh, signed out, rather than hydrated.
const signOutOwed = renderedWith?.user && isSignOutPending();
const hydrating = renderedWith !== undefined && !signOutOwed;
if (renderedWith) {
  startWithSession(queryClient, signOutOwed ? null : renderedWith.user);
  // What the page was rendered with, so hydration finds the markup it renders.
  if (hydrating) for (const [url, data] of Object.entries(renderedWith.queries)) queryClient.setQueryData([url], data);
} else void queryClient.prefetchQuery(sessionQueryOptions);

// The outbox (and IndexedDB with it) loads only once it may have work: a user is
// signed in here (at load, or later: a sign-in, or the session's first answer), or a
// sign-out is still owed. Started, it sends their waiting changes now and whenever
// the network returns.
function startOutboxIfNeeded() {
  if (storedUser() || isSignOutPending()) void import("./offline/outbox").then((outbox) => outbox.startOutbox());
}

// The restored cache renders at once (offline too); online, every query is then
// marked stale so each page load still reads the server's data, as without
// persistence (what this page load already read or is reading is left alone).
// The outbox starts after the restore, so its sends update the restored cache.
// The app has started then: the service worker is registered once the page is
// idle (its install would compete with the app's start: app/service_worker.ts).
function onCacheRestored() {
  startOutboxIfNeeded();
  onStoredUserChange(startOutboxIfNeeded);
  registerServiceWorkerWhenIdle();
  if (!navigator.onLine) return;
  void queryClient.invalidateQueries({
    predicate: ({ state }) => state.dataUpdatedAt < startedAt && state.fetchStatus !== "fetching",
  });
}

// A page rendered on the server comes with its controls disabled (a disabled
// fieldset around #root, app/prerender.tsx): until the app has taken it over, a
// tap or a keystroke would be lost. They come alive once it has mounted. (Should
// the saved cache never come back, the service worker is registered all the same.)
function onMounted() {
  container.closest("fieldset")?.removeAttribute("disabled");
  setTimeout(registerServiceWorkerWhenIdle, RESTORE_TIMEOUT_MS);
}
const RESTORE_TIMEOUT_MS = 5_000;

const router = await createRouter({ hydrating });
const app = (
  <AppShell queryClient={queryClient} onCacheRestored={onCacheRestored} onMounted={onMounted}>
    <RouterProvider router={router} />
  </AppShell>
);
// Hydration as a transition: React does it in slices, leaving the main thread
// free in between (a phone's CPU would otherwise be blocked for its whole length).
if (hydrating) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

// Ask the browser not to evict the offline data under storage pressure.
void navigator.storage?.persist?.();
