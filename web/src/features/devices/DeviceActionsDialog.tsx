// The All Devices actions dialog (spec 2 §2): View Details, Deactivate or
// Activate Device, Delete Device; it closes once the change is done (or queued offline).
import { EntityActionsDialog } from "../../ui/EntityActionsDialog";
import { deleteToasts, switchToasts } from "../../ui/toast/change_toasts";
import type { Device } from "../../api/devices";
import { useDeleteDevice, useToggleDevice } from "./changes";
import { deleteDeviceConfirmation, DEVICE_MESSAGES as M } from "./device_rules";

export function DeviceActionsDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const toggle = useToggleDevice(switchToasts(M, onClose));
  const remove = useDeleteDevice(deleteToasts(M, onClose));
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
