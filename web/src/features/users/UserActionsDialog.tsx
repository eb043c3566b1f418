// The "User Actions" dialog of the users list (spec 1 §2): View Details,
// Deactivate or Reactivate User, Resend Invitation. Any choice closes it; a
// toggle keeps it open, its button disabled and reading "Deactivating..." or
// "Reactivating...", until the change is done (or queued offline).
import { useId } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import type { User } from "./api";
import { useResendInvitation, useToggleUser } from "./changes";
import { invitationFailedToast, invitationToast, toggledToast, toggleFailedToast } from "./user_toasts";

export function UserActionsDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
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
    <Modal open={user !== null} onClose={busy ? undefined : onClose}>
      <ModalDialog aria-labelledby={titleId} aria-describedby={textId} size="sm" sx={{ minWidth: { sm: 360 } }}>
        <ModalClose disabled={busy} aria-label="Close" />
        <DialogTitle id={titleId} component="h2">User Actions</DialogTitle>
        <DialogContent id={textId}>Choose an action for users</DialogContent>
        {user && (
          <Stack spacing={1}>
            <Button
              variant="outlined"
              color="neutral"
              disabled={busy}
              onClick={() => {
                onClose();
                navigate(`/dash/user/${user.id}`);
              }}
            >
              View Details
            </Button>
            <Button
              variant="outlined"
              color={user.isActive ? "danger" : "success"}
              disabled={busy}
              onClick={() => toggle.mutate(user)}
            >
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
          </Stack>
        )}
      </ModalDialog>
    </Modal>
  );
}
