// The rooms list's actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Room, Delete Room (after the browser's confirmation). Any choice
// closes it once the change is done (or queued offline).
import { useId } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import type { Room } from "./api";
import { useDeleteRoom, useToggleRoom } from "./changes";
import { doneToast, errorToast } from "./change_toasts";
import { deleteRoomConfirmation, ROOM_MESSAGES as M } from "./room_rules";

export function RoomActionsDialog({ room, onClose }: { room: Room | null; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
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
  const busy = toggle.isPending || remove.isPending;

  return (
    <Modal open={room !== null} onClose={busy ? undefined : onClose}>
      <ModalDialog aria-labelledby={titleId} aria-describedby={textId} size="sm" sx={{ minWidth: { sm: 360 } }}>
        <ModalClose disabled={busy} aria-label="Close" />
        <DialogTitle id={titleId} component="h2">Room Actions</DialogTitle>
        <DialogContent id={textId}>{room ? `Choose an action for ${room.name}` : ""}</DialogContent>
        {room && (
          <Stack spacing={1}>
            <Button
              variant="outlined"
              color="neutral"
              disabled={busy}
              onClick={() => {
                onClose();
                navigate(`/dash/room/${room.id}`);
              }}
            >
              View Details
            </Button>
            <Button variant="outlined" color={room.isActive ? "warning" : "success"} disabled={busy} onClick={() => toggle.mutate(room)}>
              {toggle.isPending ? "Processing..." : room.isActive ? "Deactivate Room" : "Activate Room"}
            </Button>
            <Button
              variant="outlined"
              color="danger"
              disabled={busy}
              onClick={() => {
                if (window.confirm(deleteRoomConfirmation(room.name))) remove.mutate(room);
              }}
            >
              {remove.isPending ? "Deleting..." : "Delete Room"}
            </Button>
          </Stack>
        )}
      </ModalDialog>
    </Modal>
  );
}
