// The All Devices actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Device, Delete Device (after the browser's confirmation).
import { useId } from "react";
import { useNavigate } from "react-router-dom";
import Button from "@mui/joy/Button";
import DialogContent from "@mui/joy/DialogContent";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Stack from "@mui/joy/Stack";
import { doneToast, errorToast } from "../rooms/change_toasts";
import type { Device } from "./api";
import { useDeleteDevice, useToggleDevice } from "./changes";
import { deleteDeviceConfirmation, DEVICE_MESSAGES as M } from "./device_rules";

export function DeviceActionsDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  const toggle = useToggleDevice({
    onSuccess: (result, vars) => {
      doneToast(vars.isActive ? M.deactivated : M.activated, result);
      onClose();
    },
    onError: (error) => {
      errorToast(error, M.toggleFailed);
      onClose();
    },
  });
  const remove = useDeleteDevice({
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
    <Modal open={device !== null} onClose={busy ? undefined : onClose}>
      <ModalDialog aria-labelledby={titleId} aria-describedby={textId} size="sm" sx={{ minWidth: { sm: 360 } }}>
        <ModalClose disabled={busy} aria-label="Close" />
        <DialogTitle id={titleId} component="h2">Device Actions</DialogTitle>
        <DialogContent id={textId}>{device ? `Choose an action for ${device.name}` : ""}</DialogContent>
        {device && (
          <Stack spacing={1}>
            <Button
              variant="outlined"
              color="neutral"
              disabled={busy}
              onClick={() => {
                onClose();
                navigate(`/dash/device/${device.id}`);
              }}
            >
              View Details
            </Button>
            <Button variant="outlined" color={device.isActive ? "warning" : "success"} disabled={busy} onClick={() => toggle.mutate(device)}>
              {toggle.isPending ? "Processing..." : device.isActive ? "Deactivate Device" : "Activate Device"}
            </Button>
            <Button
              variant="outlined"
              color="danger"
              disabled={busy}
              onClick={() => {
                if (window.confirm(deleteDeviceConfirmation(device.name))) remove.mutate(device);
              }}
            >
              {remove.isPending ? "Deleting..." : "Delete Device"}
            </Button>
          </Stack>
        )}
      </ModalDialog>
    </Modal>
  );
}
