// The "Add …" dialog of every list (users, groups, rooms, devices): a title, the
// form's fields, and "Create …" (showing "Creating..." while the change runs)
// beside Cancel. While the change runs the dialog cannot be closed. The screen
// owns the fields, their checks and the change; useAddForm keeps the fields
// and opens what was created.
import { type ReactNode, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import { serverMessage } from "../api/api_error";
import { doneToast, errorToast, failedToast } from "./toast/change_toasts";
import { Form } from "./Form";

type Props = {
  title: string;
  /** "Create Room": the submit button's label. */
  submitLabel: string;
  /** The submit button's label while the change runs ("Creating..." unless given: an edit's "Saving..."). */
  busyLabel?: string;
  open: boolean;
  /** The change is under way. */
  busy: boolean;
  /** The form may be sent (by default, always; the screen then checks on submit). */
  ready?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  width?: number;
  children: ReactNode;
};

export function AddDialog({ title, submitLabel, busyLabel = "Creating...", open, busy, ready = true, onSubmit, onClose, width = 440, children }: Props) {
  const titleId = useId();
  function submit() {
    if (busy) return;
    onSubmit();
  }
  return (
    <Modal open={open} onClose={busy ? undefined : onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: `min(${width}px, calc(100vw - 32px))`, overflowY: "auto" }}>
        <ModalClose aria-label="Close" disabled={busy} />
        <DialogTitle id={titleId} component="h2">{title}</DialogTitle>
        <Form onSubmit={submit}>
          <Stack spacing={1.5}>{children}</Stack>
          <DialogActions sx={{ pt: 2 }}>
            <Button type="submit" disabled={!ready || busy}>{busy ? busyLabel : submitLabel}</Button>
            <Button variant="plain" color="neutral" disabled={busy} onClick={onClose}>Cancel</Button>
          </DialogActions>
        </Form>
      </ModalDialog>
    </Modal>
  );
}

type FormOptions = {
  open: boolean;
  onClose: () => void;
  /** The page of what was created. */
  pageOf: (id: number) => string;
  /** Empties what else the screen keeps (problems shown). */
  reset?: () => void;
};

/**
 * The fields of an Add dialog, emptied whenever it closes; `dialog`, the
 * dialog's open state and closing; `opened`: after a create, close and open
 * the new thing's page (made offline, its page from this device, at once);
 * and `createToasts`, a create's usual callbacks: its toast, then `opened`,
 * or the 'Error' toast. For a dialog that shows its problem in the form:
 * `problem`, `sendUnless` (shows the problem found, or sends) and
 * `createShowing`, whose refusal has its own toast and shows in the dialog too.
 */
export function useAddForm<F>(empty: F, { open, onClose, pageOf, reset }: FormOptions) {
  const navigate = useNavigate();
  const [form, setForm] = useState<F>(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setForm(empty);
    setProblem(null);
    reset?.();
    onClose();
  };
  const opened = (result: { id?: number }) => {
    close();
    if (result.id !== undefined) navigate(pageOf(result.id));
  };
  const set = (patch: Partial<F>) => setForm((f) => ({ ...f, ...patch }));
  const createToasts = (done: string, failed: string) => ({
    onSuccess: (result: { id?: number }) => {
      doneToast(done, result);
      opened(result);
    },
    onError: (error: Error) => errorToast(error, failed),
  });
  const createShowing = (M: { created: string; createFailed: string }) => ({
    onSuccess: (result: { id?: number }) => {
      doneToast(M.created, result);
      opened(result);
    },
    onError: (error: Error) => {
      failedToast(M.createFailed, error);
      // Also in the dialog: while it is open, the toast is hidden from assistive technology.
      setProblem(serverMessage(error, M.createFailed));
    },
  });
  const sendUnless = (found: string | null, send: () => void) => {
    setProblem(found);
    if (!found) send();
  };
  return { form, set, dialog: { open, onClose: close }, opened, createToasts, problem, sendUnless, createShowing };
}
