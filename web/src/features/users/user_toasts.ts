// Toasts of the users area shared by the list and the user page.
import { isQueued, type Queued } from "../../api/mutations";
import { toast } from "../../ui/toast/toast";
import type { InvitationAnswer } from "./changes";
import type { User } from "./api";
import { serverMessage } from "../../api/api_error";

export const OFFLINE_NOTE = "Saved on this device; it will be sent when the connection returns.";

export function toggledToast(result: unknown, user: User) {
  const title = user.isActive ? "User deactivated" : "User reactivated";
  toast({ title, description: isQueued(result) ? OFFLINE_NOTE : undefined });
}

export const toggleFailedToast = (error: Error) =>
  toast({ title: "Error", description: serverMessage(error, "Failed to update user status"), variant: "destructive" });

export function invitationToast(result: InvitationAnswer | Queued, user: User) {
  toast({
    title: "Invitation queued",
    description: isQueued(result)
      ? `The invitation to ${user.email} will be queued when the connection returns.`
      : `An invitation to ${result.email} has been queued for sending.`,
  });
}

export const invitationFailedToast = (error: Error) =>
  toast({ title: "Invitation not sent", description: serverMessage(error, "Failed to resend invitation"), variant: "destructive" });
