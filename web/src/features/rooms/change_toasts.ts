// Toasts of the rooms, devices and group-rooms changes (spec 2 §8): the success
// title, and for a failure a destructive 'Error' toast with the server's
// message or the spec's default. A change queued offline says so.
import { errorMessage } from "../../api/mutations";
import { toast } from "../../ui/toast/toast";

/** The success title; a change queued offline says it will be sent later. */
export { done as doneToast } from "../groups/group_toasts";

export const errorToast = (error: unknown, fallback: string) =>
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });

export const validationToast = (description: string) =>
  toast({ title: "Validation Error", description, variant: "destructive" });
