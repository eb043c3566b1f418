// "Add New Group" (spec 1 §2, §5): a name only, trimmed and required (the
// button is disabled without one); then the new group's page opens.
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogActions from "@mui/joy/DialogActions";
import DialogTitle from "@mui/joy/DialogTitle";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";

import { useCreateGroup } from "./changes";
import { GROUP_MESSAGES as M, newGroupProblems } from "./group_forms";
import { done, failed } from "./group_toasts";
import { serverMessage } from "../../api/api_error";

export function AddGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setName("");
    setProblem(null);
    onClose();
  };
  const create = useCreateGroup({
    onSuccess: (result) => {
      done(M.created, result);
      close();
      if (result.id !== undefined) navigate(`/dash/groups/${result.id}`);
    },
    onError: (error) => {
      failed(M.createFailed, error);
      // Also in the dialog: while it is open, the toast is hidden from assistive technology.
      setProblem(serverMessage(error, M.createFailed));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = newGroupProblems(name);
    setProblem(found);
    if (found || create.isPending) return;
    create.mutate(name.trim());
  }

  return (
    <Modal open={open} onClose={create.isPending ? undefined : close}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(420px, calc(100vw - 32px))" }}>
        <ModalClose aria-label="Close" disabled={create.isPending} />
        <DialogTitle id={titleId} component="h2">Add New Group</DialogTitle>
        <form onSubmit={onSubmit}>
          <FormControl required error={Boolean(problem)}>
            <FormLabel>Group Name</FormLabel>
            <Input autoFocus value={name} onChange={(e) => setName(e.target.value)} />
            {problem && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
          <DialogActions sx={{ pt: 2 }}>
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              {create.isPending ? "Creating..." : "Create Group"}
            </Button>
            <Button variant="plain" color="neutral" disabled={create.isPending} onClick={close}>Cancel</Button>
          </DialogActions>
        </form>
      </ModalDialog>
    </Modal>
  );
}
