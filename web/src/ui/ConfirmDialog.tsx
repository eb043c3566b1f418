// A confirmation before something that cannot be undone: a title, a text and
// the confirming button (busy while the change runs), plus Cancel.
import { type ReactNode, useId } from "react";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalDialog from "@mui/joy/ModalDialog";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The confirming button's colour: danger, or success for a welcome step (approving a device). */
  color?: "danger" | "success";
  onConfirm: () => void;
  onClose: () => void;
};

export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, busy = false, color = "danger", onConfirm, onClose }: Props) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={busy ? undefined : onClose}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} size="sm">
        <DialogTitle id={titleId} component="h2">{title}</DialogTitle>
        <DialogContent id={textId}>{children}</DialogContent>
        {/* Joy lays actions out right to left: the confirming button ends up last. */}
        <DialogActions>
          <Button color={color} disabled={busy} onClick={onConfirm}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
          <Button variant="plain" color="neutral" disabled={busy} onClick={onClose}>
            Cancel
          </Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
