// The app-wide toast store: `toast()` can be called from anywhere (also outside
// React, e.g. the service-worker update prompt); components read it with useToast().
import { useSyncExternalStore } from "react";
import { TOAST_REMOVE_DELAY } from "./constants";
import { type ToastEvent, type ToastItem, type ToastState, toastReducer } from "./reducer";

export type ToastInput = Omit<ToastItem, "id" | "open">;

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function dispatch(event: ToastEvent) {
  state = toastReducer(state, event);
  if (event.type === "DISMISS_TOAST") {
    for (const t of state.toasts) if (!t.open) scheduleRemoval(t.id);
  }
  for (const listener of listeners) listener();
}

// A closed toast stays in state until the (very long) removal delay of the spec.
function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(id, setTimeout(() => {
    removalTimers.delete(id);
    dispatch({ type: "REMOVE_TOAST", toastId: id });
  }, TOAST_REMOVE_DELAY));
}

export function toast(input: ToastInput) {
  const id = String(++count);
  const dismiss = () => dispatch({ type: "DISMISS_TOAST", toastId: id });
  const update = (changes: Partial<ToastInput>) => dispatch({ type: "UPDATE_TOAST", toast: { ...changes, id } });
  dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
  return { id, dismiss, update };
}

/** Dismisses one toast, or all of them without an id. */
export function dismissToast(toastId?: string) {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  // The same snapshot on the server: the pages rendered at build time show no toasts.
  const { toasts } = useSyncExternalStore(subscribe, () => state, () => state);
  return { toasts, toast, dismiss: dismissToast };
}
