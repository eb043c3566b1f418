// "Add Holiday Calendar" (spec 3 §1): its name; its holidays are added on its
// page, opened after the create. The server's refusal (a name taken) shows in
// the dialog and as a toast.
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { NameField } from "../../ui/NameField";
import { CALENDAR_MESSAGES as M } from "./calendar_form";
import { useCreateCalendar } from "./changes";

export function AddCalendarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, set, dialog, problem, sendUnless, createShowing } = useAddForm({ name: "" }, { open, onClose, pageOf: (id) => `/dash/holidays/${id}` });
  const create = useCreateCalendar(createShowing(M));
  const onSubmit = () => sendUnless(form.name.trim() ? null : M.nameRequired, () => create.mutate({ name: form.name, holidays: [] }));
  return (
    <AddDialog title="Add Holiday Calendar" submitLabel="Create Holiday Calendar" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={onSubmit} {...dialog}>
      <NameField label="Calendar Name" input={{ name: "name", autoComplete: "off", placeholder: "e.g. Berlin public holidays" }} problem={problem} value={form.name} onChange={(name) => set({ name })} />
    </AddDialog>
  );
}
