// The users area's own toasts, shared by the list's actions and the user page:
// the active switch and the resent invitation.
import type { Queued } from "../../api/mutations";
import { isQueued } from "../../api/mutations";
import type { User } from "../../api/users";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { toast } from "../../ui/toast/toast";
import type { InvitationAnswer } from "./changes";

export const toggledToast = (result: unknown, user: User) =>
  doneToast(user.isActive ? "User deactivated" : "User reactivated", result);

export const toggleFailedToast = (error: Error) => failedToast("Error", error, "Failed to update user status");

export function invitationToast(result: InvitationAnswer | Queued, user: User) {
  toast({
    title: "Invitation queued",
    description: isQueued(result)
      ? `The invitation to ${user.email} will be queued when the connection returns.`
      : `An invitation to ${result.email} has been queued for sending.`,
  });
}

export const invitationFailedToast = (error: Error) => failedToast("Invitation not sent", error, "Failed to resend invitation");
