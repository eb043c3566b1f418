// The rooms list's actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Room, Delete Room; it closes once the change is done (or queued offline).
import { EntityActionsDialog } from "../../ui/EntityActionsDialog";
import type { Room } from "./api";
import { useDeleteRoom, useToggleRoom } from "./changes";
import { doneToast, errorToast } from "./change_toasts";
import { deleteRoomConfirmation, ROOM_MESSAGES as M } from "./room_rules";

export function RoomActionsDialog({ room, onClose }: { room: Room | null; onClose: () => void }) {
  const toggle = useToggleRoom({
    onSuccess: (result, vars) => {
      doneToast(vars.isActive ? M.deactivated : M.activated, result);
      onClose();
    },
    onError: (error) => {
      errorToast(error, M.toggleFailed);
      onClose();
    },
  });
  const remove = useDeleteRoom({
    onSuccess: (result) => {
      doneToast(M.deleted, result);
      onClose();
    },
    onError: (error) => {
      errorToast(error, M.deleteFailed);
      onClose();
    },
  });
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
