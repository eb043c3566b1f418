// Toasts of the rooms, devices and group-rooms changes (spec 2 §8): the success
// title, and for a failure a destructive 'Error' toast with the server's
// message or the spec's default. A change queued offline says so.

import { toast } from "../../ui/toast/toast";
import { done } from "../groups/group_toasts";
import { serverMessage } from "../../api/api_error";

/** The success title; a change queued offline says it will be sent later. */
export const doneToast = done;

export const errorToast = (error: unknown, fallback: string) =>
  toast({ title: "Error", description: serverMessage(error, fallback), variant: "destructive" });

export const validationToast = (description: string) =>
  toast({ title: "Validation Error", description, variant: "destructive" });

/**
 * A change's callbacks for a dialog: the success toast (its title may depend on
 * what was changed) or the error toast, and then `close`, either way.
 */
export function toastThenClose<TVars>(
  success: string | ((vars: TVars) => string),
  failure: string,
  close: () => void,
) {
  return {
    onSuccess: (result: unknown, vars: TVars) => {
      done(typeof success === "string" ? success : success(vars), result);
      close();
    },
    onError: (error: Error) => {
      errorToast(error, failure);
      close();
    },
  };
}
