// The "User Actions" dialog of the users list (spec 1 §2): View Details,
// Deactivate or Reactivate User, Resend Invitation. Any choice closes it; a
// toggle keeps it open, its button disabled and reading "Deactivating..." or
// "Reactivating...", until the change is done (or queued offline).
import Button from "@mui/joy/Button";
import type { User } from "../../api/users";
import { ActionsDialog, ViewDetailsButton } from "../../ui/EntityActionsDialog";
import { useResendInvitation, useToggleUser } from "./changes";
import { invitationFailedToast, invitationToast, toggledToast, toggleFailedToast } from "./user_toasts";

export function UserActionsDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const toggle = useToggleUser({
    onSuccess: (result, vars) => {
      toggledToast(result, vars);
      onClose();
    },
    onError: (error) => {
      toggleFailedToast(error);
      onClose();
    },
  });
  const resend = useResendInvitation({
    onSuccess: invitationToast,
    onError: invitationFailedToast,
  });
  const busy = toggle.isPending;

  return (
    <ActionsDialog title="User Actions" text="Choose an action for users" open={user !== null} busy={busy} onClose={onClose}>
      {user && (
        <>
          <ViewDetailsButton to={`/dash/user/${user.id}`} busy={busy} onClose={onClose} />
          <Button variant="outlined" color={user.isActive ? "danger" : "success"} disabled={busy} onClick={() => toggle.mutate(user)}>
            {user.isActive
              ? busy ? "Deactivating..." : "Deactivate User"
              : busy ? "Reactivating..." : "Reactivate User"}
          </Button>
          <Button
            variant="outlined"
            color="neutral"
            disabled={busy}
            onClick={() => {
              resend.mutate(user);
              onClose();
            }}
          >
            Resend Invitation
          </Button>
        </>
      )}
    </ActionsDialog>
  );
}
