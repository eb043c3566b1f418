// The All Devices actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Device, Delete Device; it closes once the change is done (or queued offline).
import { EntityActionsDialog } from "../../ui/EntityActionsDialog";
import { doneToast, errorToast } from "../rooms/change_toasts";
import type { Device } from "./api";
import { useDeleteDevice, useToggleDevice } from "./changes";
import { deleteDeviceConfirmation, DEVICE_MESSAGES as M } from "./device_rules";

export function DeviceActionsDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
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
  return (
    <EntityActionsDialog
      kind="Device"
      entity={device}
      detailsPath={(d) => `/dash/device/${d.id}`}
      toggle={toggle}
      remove={remove}
      deleteConfirmation={deleteDeviceConfirmation}
      onClose={onClose}
    />
  );
}
