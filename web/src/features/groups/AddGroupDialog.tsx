// "Add New Group" (spec 1 §2, §5): a name only, trimmed and required (the
// button is disabled without one); then the new group's page opens.
import { useState } from "react";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import { serverMessage } from "../../api/api_error";
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { useCreateGroup } from "./changes";
import { GROUP_MESSAGES as M, newGroupProblems } from "./group_forms";

export function AddGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { form, set, dialog, opened } = useAddForm({ name: "" }, { open, onClose, pageOf: (id) => `/dash/groups/${id}`, reset: () => setProblem(null) });
  const create = useCreateGroup({
    onSuccess: (result) => {
      doneToast(M.created, result);
      opened(result);
    },
    onError: (error) => {
      failedToast(M.createFailed, error);
      // Also in the dialog: while it is open, the toast is hidden from assistive technology.
      setProblem(serverMessage(error, M.createFailed));
    },
  });

  function onSubmit() {
    const found = newGroupProblems(form.name);
    setProblem(found);
    if (!found) create.mutate(form.name.trim());
  }

  return (
    <AddDialog title="Add New Group" submitLabel="Create Group" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={onSubmit} width={420} {...dialog}>
      <FormControl required error={Boolean(problem)}>
        <FormLabel>Group Name</FormLabel>
        <Input autoFocus value={form.name} onChange={(e) => set({ name: e.target.value })} />
        {problem && <FormHelperText>{problem}</FormHelperText>}
      </FormControl>
    </AddDialog>
  );
}
