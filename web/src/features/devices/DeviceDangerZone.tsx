// The device page's Danger Zone (spec 2 §2, §8): Deactivate or Activate Device,
// and Delete Device after the browser's confirmation (then back to the list).
import { useNavigate } from "react-router-dom";
import type { Device } from "../../api/devices";
import { DangerZone, type DangerTexts } from "../../ui/DangerZone";
import { deleteToasts, switchToasts } from "../../ui/toast/change_toasts";
import { useDeleteDevice, useToggleDevice } from "./changes";
import { deleteDeviceConfirmation, DEVICE_MESSAGES as M } from "./device_rules";

const DEVICE_DANGER: DangerTexts = {
  active: "Deactivating this device prevents it from being used for access control.",
  inactive: "Activating this device lets it be used for access control again.",
  remove: "Permanently delete this device. Its access history is kept in the logs.",
};

export function DeviceDangerZone({ device }: { device: Device }) {
  const navigate = useNavigate();
  const toggle = useToggleDevice(switchToasts(M));
  const remove = useDeleteDevice(deleteToasts(M, { done: () => navigate("/dash/devices") }));
  return (
    <DangerZone kind="Device" item={device} texts={DEVICE_DANGER} toggle={toggle} remove={remove} confirm={deleteDeviceConfirmation(device.name)} />
  );
}
