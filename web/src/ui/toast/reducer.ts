// Pure state transitions of the toast list; timers live in toast.ts.
import type { ReactNode } from "react";
import { TOAST_LIMIT } from "./constants";

export type ToastVariant = "default" | "destructive";

export type ToastAction = { label: string; onClick: () => void };

export type ToastItem = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to TOAST_DURATION. */
  duration?: number;
  open: boolean;
};

export type ToastState = { toasts: ToastItem[] };

export type ToastEvent =
  | { type: "ADD_TOAST"; toast: ToastItem }
  | { type: "UPDATE_TOAST"; toast: Partial<ToastItem> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

/** Without a toastId, DISMISS and REMOVE apply to every toast. */
export function toastReducer(state: ToastState, event: ToastEvent): ToastState {
  switch (event.type) {
    case "ADD_TOAST":
      return { toasts: [event.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === event.toast.id ? { ...t, ...event.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          event.toastId === undefined || t.id === event.toastId ? { ...t, open: false } : t
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: event.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== event.toastId),
      };
  }
}
