// React access to the outbox and the network state.
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { outboxRows } from "./outbox";
import type { OutboxRow } from "./outbox_rules";
import { useStoredUser } from "./storage";

let rows: OutboxRow[] = [];
const listeners = new Set<() => void>();
let subscription: { unsubscribe(): void } | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  subscription ??= outboxRows.subscribe({
    next: (next) => {
      rows = next;
      for (const l of listeners) l();
    },
  });
  return () => listeners.delete(listener);
}

/** Every change of the signed-in user not yet accepted by the server, oldest first; nobody sees another's. */
export function useOutbox(): OutboxRow[] {
  const all = useSyncExternalStore(subscribe, () => rows, () => rows);
  const owner = useStoredUser()?.id;
  return useMemo(() => all.filter((row) => row.userId === owner), [all, owner]);
}

/** True when the entity (e.g. "users/12") has a change waiting: screens mark it pending. */
export function usePending(entity: string): boolean {
  return useOutbox().some((row) => row.entities.includes(entity));
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}
