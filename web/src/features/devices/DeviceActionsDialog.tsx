// The All Devices actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Device, Delete Device; it closes once the change is done (or queued offline).
import { EntityActionsDialog } from "../../ui/EntityActionsDialog";
import { toastThenClose } from "../rooms/change_toasts";
import type { Device } from "./api";
import { useDeleteDevice, useToggleDevice } from "./changes";
import { deleteDeviceConfirmation, DEVICE_MESSAGES as M } from "./device_rules";

export function DeviceActionsDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const toggle = useToggleDevice(
    toastThenClose((vars) => (vars.isActive ? M.deactivated : M.activated), M.toggleFailed, onClose),
  );
  const remove = useDeleteDevice(toastThenClose(M.deleted, M.deleteFailed, onClose));
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
