// "Add Holiday Calendar" (spec 3 §1): its name; its holidays are added on its
// page, opened after the create. The server's refusal (a name taken) shows in
// the dialog and as a toast.
import { useState } from "react";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import { serverMessage } from "../../api/api_error";
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { CALENDAR_MESSAGES as M } from "./calendar_form";
import { useCreateCalendar } from "./changes";

export function AddCalendarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { form, set, dialog, opened } = useAddForm({ name: "" }, {
    open,
    onClose,
    pageOf: (id) => `/dash/holidays/${id}`,
    reset: () => setProblem(null),
  });
  const create = useCreateCalendar({
    onSuccess: (result) => {
      doneToast(M.created, result);
      opened(result);
    },
    onError: (error) => {
      failedToast(M.createFailed, error);
      setProblem(serverMessage(error, M.createFailed));
    },
  });

  function onSubmit() {
    const found = form.name.trim() ? null : M.nameRequired;
    setProblem(found);
    if (!found) create.mutate({ name: form.name, holidays: [] });
  }

  return (
    <AddDialog title="Add Holiday Calendar" submitLabel="Create Holiday Calendar" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={onSubmit} {...dialog}>
      <FormControl required error={Boolean(problem)}>
        <FormLabel>Calendar Name</FormLabel>
        <Input name="name" autoFocus autoComplete="off" placeholder="e.g. Berlin public holidays" value={form.name} onChange={(e) => set({ name: e.target.value })} />
        {problem && <FormHelperText>{problem}</FormHelperText>}
      </FormControl>
    </AddDialog>
  );
}
