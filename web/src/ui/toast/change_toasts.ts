// The toasts of an admin change (spec 1 §8, spec 2 §8), one way for every
// screen: the success title, with a note when the change waits offline; for a
// refusal a destructive toast with the server's message or the spec's default.
import { serverMessage } from "../../api/api_error";
import { isQueued, type Queued } from "../../api/mutations";
import { toast } from "./toast";

/** What a success toast says when the change was queued offline. */
export const OFFLINE_NOTE = "Saved on this device; it will be sent when the connection returns.";

/** The success title; a change queued offline says it will be sent later, else `online` (if any). */
export const doneToast = (title: string, result?: unknown, online?: string) =>
  toast({ title, description: isQueued(result) ? OFFLINE_NOTE : online });

/** A refusal under its own title, with the server's message or the fallback (by default the title). */
export const failedToast = (title: string, error: unknown, fallback = title) =>
  toast({ title, description: serverMessage(error, fallback), variant: "destructive" });

/** A refusal titled 'Error' (spec 2 §8). */
export const errorToast = (error: unknown, fallback: string) => failedToast("Error", error, fallback);

export const validationToast = (description: string) =>
  toast({ title: "Validation Error", description, variant: "destructive" });

/**
 * A change's toasts: `done` on success (with `online(result)` as its line when
 * the change was not queued), and a refusal under `failed.title` with the
 * server's message or `failed.fallback`.
 */
export const changeToasts = <TResult>(
  done: string,
  failed: { title: string; fallback: string },
  online?: (result: TResult) => string | undefined,
) => ({
  onSuccess: (result: TResult | Queued) => doneToast(done, result, isQueued(result) ? undefined : online?.(result)),
  onError: (error: Error) => failedToast(failed.title, error, failed.fallback),
});

/** What follows a change's toast: `close` (a dialog) either way, `done` only after a success. */
type After = { close?: () => void; done?: () => void };

/**
 * A change's callbacks: the success toast (its title may depend on what was
 * changed) or the refusal's toast ('Error' with the fallback, or its own
 * title), then what follows: a function is a dialog's close, called either way.
 */
export function toastThenClose<TVars>(
  success: string | ((vars: TVars) => string),
  failure: string | { title: string; fallback: string },
  after: (() => void) | After = {},
) {
  const failed = typeof failure === "string" ? { title: "Error", fallback: failure } : failure;
  const { close, done } = typeof after === "function" ? { close: after, done: undefined } : after;
  return {
    onSuccess: (result: unknown, vars: TVars) => {
      doneToast(typeof success === "string" ? success : success(vars), result);
      close?.();
      done?.();
    },
    onError: (error: Error) => {
      failedToast(failed.title, error, failed.fallback);
      close?.();
    },
  };
}

/** The messages of an area's active switch and delete (spec 2 §8: rooms, devices). */
export type SwitchAndDeleteMessages = { activated: string; deactivated: string; toggleFailed: string; deleted: string; deleteFailed: string };

/** The active switch's toasts: "… deactivated" or "… activated" by what it was, or 'Error'. */
export const switchToasts = <T extends { isActive: boolean }>(M: SwitchAndDeleteMessages, after?: (() => void) | After) =>
  toastThenClose<T>((entity) => (entity.isActive ? M.deactivated : M.activated), M.toggleFailed, after);

/** The delete's toasts: "… deleted", or 'Error'. */
export const deleteToasts = (M: SwitchAndDeleteMessages, after?: (() => void) | After) => toastThenClose(M.deleted, M.deleteFailed, after);
