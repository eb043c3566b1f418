// The "Sign Out" confirmation of the dashboard shell (spec 1 §2, §4). It closes in
// every case; a failed logout only logs "Logout failed:" and keeps the session.
import { useId } from "react";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalDialog from "@mui/joy/ModalDialog";
import { useSignOut } from "../auth/use_sign_out";

export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signOut = useSignOut("stay");
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} size="sm">
        <DialogTitle id={titleId} component="h2">Sign Out</DialogTitle>
        <DialogContent id={textId}>Are you sure you want to sign out?</DialogContent>
        {/* Joy lays actions out right to left: Sign Out ends up last. */}
        <DialogActions>
          <Button
            color="danger"
            onClick={() => {
              onClose();
              void signOut();
            }}
          >
            Sign Out
          </Button>
          <Button variant="plain" color="neutral" onClick={onClose}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
