// React access to the outbox and the network state.
import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { OutboxRow } from "./outbox_rules";
import { useStoredUser } from "./storage";

let rows: OutboxRow[] = [];
const listeners = new Set<() => void>();
let watching = false;

/**
 * Starts reading the outbox (and so loads it and IndexedDB) once someone is
 * signed in here: only their rows are ever shown, so until then there is nothing
 * to read, and the first visit to /login stays light.
 */
function watchOutbox() {
  if (watching) return;
  watching = true;
  void import("./outbox").then(({ outboxRows }) =>
    outboxRows.subscribe({
      next: (next) => {
        // Its first answer is usually "still empty": a new empty list would re-render
        // every screen that reads the outbox (on a phone, /app's whole page) for nothing.
        if (next.length === 0 && rows.length === 0) return;
        rows = next;
        for (const l of listeners) l();
      },
    })
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every change of the signed-in user not yet accepted by the server, oldest first; nobody sees another's. */
export function useOutbox(): OutboxRow[] {
  const all = useSyncExternalStore(subscribe, () => rows, () => rows);
  const owner = useStoredUser()?.id;
  useEffect(() => {
    if (owner !== undefined) watchOutbox();
  }, [owner]);
  return useMemo(() => all.filter((row) => row.userId === owner), [all, owner]);
}

/** True when the entity (e.g. "users/12") has a change waiting: screens mark it pending. */
export function usePending(entity: string): boolean {
  return useOutbox().some((row) => row.entities.includes(entity));
}

function subscribeOnline(update: () => void) {
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  return () => {
    window.removeEventListener("online", update);
    window.removeEventListener("offline", update);
  };
}

/** The network state; a page rendered at build time (and its hydration) assumes online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}
