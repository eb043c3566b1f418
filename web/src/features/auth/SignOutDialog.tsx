// The "Sign Out" confirmation (spec 1 §2, §4), on the dashboard's avatar and on
// /app when changes are waiting. It closes in every case. With changes of this
// user not yet on the server it asks what becomes of them: kept for their next
// sign-in on this device (the default, the only safe one offline) or discarded.
import { useId, useState } from "react";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Modal from "@mui/joy/Modal";
import ModalDialog from "@mui/joy/ModalDialog";
import Radio from "@mui/joy/Radio";
import RadioGroup from "@mui/joy/RadioGroup";
import Typography from "@mui/joy/Typography";
import { useOutbox } from "../../offline/use_outbox";
import { useSignOut } from "./use_sign_out";

export const SIGN_OUT_TEXTS = {
  waiting: (n: number) =>
    `${n} ${n === 1 ? "change has" : "changes have"} not reached the server yet.`,
  keep: "Keep them for my next sign-in on this device",
  discard: "Discard them",
} as const;

export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signOut = useSignOut();
  const waiting = useOutbox().length;
  const [keep, setKeep] = useState(true);
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog role="alertdialog" aria-labelledby={titleId} aria-describedby={textId} size="sm">
        <DialogTitle id={titleId} component="h2">Sign Out</DialogTitle>
        <DialogContent id={textId}>Are you sure you want to sign out?</DialogContent>
        {waiting > 0 && (
          <FormControl>
            <FormLabel>
              <Typography level="body-sm" color="warning">{SIGN_OUT_TEXTS.waiting(waiting)}</Typography>
            </FormLabel>
            <RadioGroup
              name="waiting-changes"
              value={keep ? "keep" : "discard"}
              onChange={(event) => setKeep(event.target.value === "keep")}
            >
              <Radio value="keep" label={SIGN_OUT_TEXTS.keep} />
              <Radio value="discard" label={SIGN_OUT_TEXTS.discard} color="danger" />
            </RadioGroup>
          </FormControl>
        )}
        {/* Joy lays actions out right to left: Sign Out ends up last. */}
        <DialogActions>
          <Button
            color="danger"
            onClick={() => {
              onClose();
              void signOut(keep);
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
