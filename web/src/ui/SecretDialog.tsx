// A secret shown once (a webhook's signing secret, a SCIM token) with a copy
// button and the warning that no read of the server ever answers it again.
// The secret lives only in the caller's state: closing the dialog is where the
// caller forgets it.
import { useId } from "react";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalDialog from "@mui/joy/ModalDialog";
import { CopyField } from "./CopyField";

type Props = {
  /** The secret, or null while the dialog is closed. */
  secret: string | null;
  /** The dialog's title, also the field's name. */
  title: string;
  /** That it is not shown again, and what it is for. */
  warning: string;
  onClose: () => void;
};

export function SecretDialog({ secret, title, warning, onClose }: Props) {
  const titleId = useId();
  const warningId = useId();
  return (
    <Modal open={secret !== null} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} aria-describedby={warningId} sx={{ width: "min(520px, calc(100vw - 32px))" }}>
        <DialogTitle id={titleId} component="h2">{title}</DialogTitle>
        <Alert id={warningId} color="warning" variant="soft">{warning}</Alert>
        {/* Keyed by the secret: a new one starts with `Copy`, not the last one's `Copied`. */}
        <CopyField key={secret} value={secret ?? ""} label={title} />
        <DialogActions>
          <Button variant="plain" color="neutral" onClick={onClose}>Done</Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
