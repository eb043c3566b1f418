// The rooms list's actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Room, Delete Room; it closes once the change is done (or queued offline).
import { EntityActionsDialog } from "../../ui/EntityActionsDialog";
import type { Room } from "./api";
import { useDeleteRoom, useToggleRoom } from "./changes";
import { toastThenClose } from "./change_toasts";
import { deleteRoomConfirmation, ROOM_MESSAGES as M } from "./room_rules";

export function RoomActionsDialog({ room, onClose }: { room: Room | null; onClose: () => void }) {
  const toggle = useToggleRoom(
    toastThenClose((vars) => (vars.isActive ? M.deactivated : M.activated), M.toggleFailed, onClose),
  );
  const remove = useDeleteRoom(toastThenClose(M.deleted, M.deleteFailed, onClose));
  return (
    <EntityActionsDialog
      kind="Room"
      entity={room}
      detailsPath={(r) => `/dash/room/${r.id}`}
      toggle={toggle}
      remove={remove}
      deleteConfirmation={deleteRoomConfirmation}
      onClose={onClose}
    />
  );
}
