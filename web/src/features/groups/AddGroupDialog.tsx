// "Add New Group" (spec 1 §2, §5): a name only, trimmed and required (the
// button is disabled without one); then the new group's page opens.
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { NameField } from "../../ui/NameField";
import { useCreateGroup } from "./changes";
import { GROUP_MESSAGES as M, newGroupProblems } from "./group_forms";

export function AddGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, set, dialog, problem, sendUnless, createShowing } = useAddForm({ name: "" }, { open, onClose, pageOf: (id) => `/dash/groups/${id}` });
  const create = useCreateGroup(createShowing(M));
  const onSubmit = () => sendUnless(newGroupProblems(form.name), () => create.mutate(form.name.trim()));
  return (
    <AddDialog title="Add New Group" submitLabel="Create Group" busy={create.isPending} ready={form.name.trim() !== ""} onSubmit={onSubmit} width={420} {...dialog}>
      <NameField label="Group Name" problem={problem} value={form.name} onChange={(name) => set({ name })} />
    </AddDialog>
  );
}
