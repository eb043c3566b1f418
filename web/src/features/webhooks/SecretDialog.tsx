// The signing secret, shown once (after Add Webhook and Rotate secret) with a
// copy button: no read of the server ever answers it again. The button itself
// says it copied (a toast would be hidden behind the dialog from assistive
// technology).
import { useId, useState } from "react";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Input from "@mui/joy/Input";
import Modal from "@mui/joy/Modal";
import ModalDialog from "@mui/joy/ModalDialog";
import { WEBHOOK_TEXTS as T } from "./webhook_display";

export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  const done = () => {
    setCopied("no");
    onClose();
  };
  return (
    <Modal open={secret !== null} onClose={done}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))" }}>
        <DialogTitle id={titleId} component="h2">{T.secretTitle}</DialogTitle>
        <DialogContent>{T.secretNote}</DialogContent>
        <Input
          readOnly
          value={secret ?? ""}
          slotProps={{ input: { "aria-label": T.secretTitle, style: { fontFamily: "monospace" } } }}
          onFocus={(e) => e.target.select()}
          endDecorator={<Button onClick={() => void copy()}>{copied === "yes" ? T.copied : T.copy}</Button>}
        />
        {copied === "failed" && <Alert color="danger" variant="soft" role="alert">{T.copyFailed}</Alert>}
        <DialogActions>
          <Button variant="plain" color="neutral" onClick={done}>{T.done}</Button>
        </DialogActions>
      </ModalDialog>
    </Modal>
  );
}
