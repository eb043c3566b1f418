// "Add Schedule" (spec 3 §1): Name (required), Description and Time Zone, which
// proposes the browser's own. The schedule starts closed all week; its page,
// opened after the create, sets its hours. The server's refusal (a name taken)
// shows in the dialog and as a toast.
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { NameField } from "../../ui/NameField";
import { DescriptionField } from "../../ui/DescriptionField";
import { useCreateSchedule } from "./changes";
import { newScheduleForm, SCHEDULE_MESSAGES as M, scheduleProblem } from "./schedule_form";
import { TimeZoneField } from "./TimeZoneField";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function AddScheduleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, set, dialog, problem, sendUnless, createShowing } = useAddForm(newScheduleForm(browserZone()), { open, onClose, pageOf: (id) => `/dash/schedules/${id}` });
  const create = useCreateSchedule(createShowing(M));
  const onSubmit = () => sendUnless(scheduleProblem(form), () => create.mutate(form));
  return (
    <AddDialog title="Add Schedule" submitLabel="Create Schedule" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={onSubmit} {...dialog}>
      <NameField label="Schedule Name" input={{ name: "name", autoComplete: "off", placeholder: "e.g. Office hours" }} problem={problem} value={form.name} onChange={(name) => set({ name })} />
      <DescriptionField minRows={2} placeholder="Optional" value={form.description} onChange={(description) => set({ description })} />
      <TimeZoneField value={form.timeZone} onChange={(timeZone) => set({ timeZone })} />
    </AddDialog>
  );
}
