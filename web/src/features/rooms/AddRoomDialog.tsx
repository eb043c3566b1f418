// "Add Room" (spec 2 §2, §5): Room Name (required) and Description (optional).
// Create Room stays disabled while the name is blank or the request runs; the
// trimmed name is sent, the description only when not blank. On success the
// new room's page opens (offline: its page from this device, at once).
import { AddDialog, useAddForm } from "../../ui/AddDialog";
import { NameField } from "../../ui/NameField";
import { useCreateRoom } from "./changes";
import { canCreateRoom, type NewRoomForm, ROOM_MESSAGES as M } from "./room_rules";
import { DescriptionField } from "../../ui/DescriptionField";

const EMPTY: NewRoomForm = { name: "", description: "" };

export function AddRoomDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, set, dialog, createToasts } = useAddForm(EMPTY, { open, onClose, pageOf: (id) => `/dash/room/${id}` });
  const create = useCreateRoom(createToasts(M.created, M.createFailed));
  return (
    <AddDialog title="Add Room" submitLabel="Create Room" busy={create.isPending} ready={canCreateRoom(form)} onSubmit={() => create.mutate(form)} {...dialog}>
      <NameField label="Room Name" input={{ name: "name", autoComplete: "off", placeholder: "e.g. Conference Room B" }} value={form.name} onChange={(name) => set({ name })} />
      <DescriptionField minRows={2} placeholder="Optional" value={form.description} onChange={(description) => set({ description })} />
    </AddDialog>
  );
}
