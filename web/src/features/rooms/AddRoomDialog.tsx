// "Add Room" (spec 2 §2, §5): Room Name (required) and Description (optional).
// Create Room stays disabled while the name is blank or the request runs; the
// trimmed name is sent, the description only when not blank. On success the
// new room's page opens (offline: its page from this device, at once).
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import Textarea from "@mui/joy/Textarea";
import { useCreateRoom } from "./changes";
import { doneToast, errorToast } from "./change_toasts";
import { canCreateRoom, type NewRoomForm, ROOM_MESSAGES as M } from "./room_rules";

const EMPTY: NewRoomForm = { name: "", description: "" };

export function AddRoomDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const [form, setForm] = useState<NewRoomForm>(EMPTY);
  const close = () => {
    setForm(EMPTY);
    onClose();
  };
  const create = useCreateRoom({
    onSuccess: (result) => {
      doneToast(M.created, result);
      close();
      if (result.id !== undefined) navigate(`/dash/room/${result.id}`);
    },
    onError: (error) => errorToast(error, M.createFailed),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canCreateRoom(form) || create.isPending) return;
    create.mutate(form);
  }

  return (
    <Modal open={open} onClose={create.isPending ? undefined : close}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(440px, calc(100vw - 32px))", overflowY: "auto" }}>
        <ModalClose aria-label="Close" disabled={create.isPending} />
        <DialogTitle id={titleId} component="h2">Add Room</DialogTitle>
        <form onSubmit={onSubmit} noValidate>
          <Stack spacing={1.5}>
            <FormControl required>
              <FormLabel>Room Name</FormLabel>
              <Input
                name="name"
                autoFocus
                autoComplete="off"
                placeholder="e.g. Conference Room B"
                value={form.name}
                onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
              />
            </FormControl>
            <FormControl>
              <FormLabel>Description</FormLabel>
              <Textarea
                name="description"
                minRows={2}
                placeholder="Optional"
                value={form.description}
                onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
              />
            </FormControl>
          </Stack>
          <DialogActions sx={{ pt: 2 }}>
            <Button type="submit" disabled={!canCreateRoom(form) || create.isPending}>
              {create.isPending ? "Creating..." : "Create Room"}
            </Button>
            <Button variant="plain" color="neutral" disabled={create.isPending} onClick={close}>Cancel</Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </Modal>
  );
}
