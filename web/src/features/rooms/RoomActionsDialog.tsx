// The rooms list's actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Room, Delete Room; it closes once the change is done (or queued offline).
import { EntityActionsDialog } from "../../ui/EntityActionsDialog";
import type { Room } from "../../api/rooms";
import { useDeleteRoom, useToggleRoom } from "./changes";
import { deleteToasts, switchToasts } from "../../ui/toast/change_toasts";
import { deleteRoomConfirmation, ROOM_MESSAGES as M } from "./room_rules";

export function RoomActionsDialog({ room, onClose }: { room: Room | null; onClose: () => void }) {
  const toggle = useToggleRoom(switchToasts(M, onClose));
  const remove = useDeleteRoom(deleteToasts(M, onClose));
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
