// "Add Schedule" (spec 3 §1): Name (required), Description and Time Zone, which
// proposes the browser's own. The schedule starts closed all week; its page,
// opened after the create, sets its hours. The server's refusal (a name taken)
// shows in the dialog and as a toast.
import { useState } from "react";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import { serverMessage } from "../../api/api_error";
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { DescriptionField } from "../../ui/DescriptionField";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { useCreateSchedule } from "./changes";
import { newScheduleForm, SCHEDULE_MESSAGES as M, scheduleProblem } from "./schedule_form";
import { TimeZoneField } from "./TimeZoneField";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function AddScheduleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const { form, set, dialog, opened } = useAddForm(newScheduleForm(browserZone()), {
    open,
    onClose,
    pageOf: (id) => `/dash/schedules/${id}`,
    reset: () => setProblem(null),
  });
  const create = useCreateSchedule({
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
    const found = scheduleProblem(form);
    setProblem(found);
    if (!found) create.mutate(form);
  }

  return (
    <AddDialog title="Add Schedule" submitLabel="Create Schedule" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={onSubmit} {...dialog}>
      <FormControl required error={Boolean(problem)}>
        <FormLabel>Schedule Name</FormLabel>
        <Input name="name" autoFocus autoComplete="off" placeholder="e.g. Office hours" value={form.name} onChange={(e) => set({ name: e.target.value })} />
        {problem && <FormHelperText>{problem}</FormHelperText>}
      </FormControl>
      <DescriptionField minRows={2} placeholder="Optional" value={form.description} onChange={(description) => set({ description })} />
      <TimeZoneField value={form.timeZone} onChange={(timeZone) => set({ timeZone })} />
    </AddDialog>
  );
}
