// How a device is shown wherever it is listed (the devices screens, a room's
// devices, the assign picker): its type's label and its avatar letter.
import type { DeviceType } from "./devices";

const TYPE_LABELS: Record<DeviceType, string> = {
  sensor: "Sensor",
  lock: "Lock",
  camera: "Camera",
  reader: "Card Reader",
  density: "Density Sensor",
  lastlock: "Last Lock Device",
};

/** "Card Reader" for reader, …; an unknown type as it is. */
export const typeLabel = (type: string) => TYPE_LABELS[type as DeviceType] ?? type;

/** The avatar's letter: the name's first character, upper case. */
export const deviceInitial = (name: string) => (name.trim()[0] ?? "D").toUpperCase();
