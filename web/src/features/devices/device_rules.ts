// The devices area's rules and texts (spec 2 §2, §3, §5, §7, §8), pure: type
// labels, list filtering, the create payload, the detail form and how its
// write-only Density secrets are sent.
import type { DensityAuthType, Device, DeviceType } from "../../api/devices";
import { typeLabel } from "../../api/device_display";
import type { DensitySpace } from "./api";

export const DEVICE_MESSAGES = {
  created: "Device created",
  createFailed: "Failed to create device",
  updated: "Device updated",
  updateFailed: "Failed to update device",
  activated: "Device activated",
  deactivated: "Device deactivated",
  toggleFailed: "Failed to update device status",
  deleted: "Device deleted",
  deleteFailed: "Failed to delete device",
  nameAndIdRequired: "Device name and device ID are required.",
  notFound: "Device not found",
  loading: "Loading device...",
  fetchFailed: "Failed to fetch devices",
  listEmpty: "No devices found matching your criteria.",
  notAssigned: "Device not assigned to a room",
  notAssignedHint: "Assign this device to a room in Device Configuration to see who can use it.",
  noRecentAccess: "No recent access",
} as const;

const typeOption = (value: DeviceType) => ({ value, label: typeLabel(value) });

/** The Add Device dialog's types, sensor first (its default). */
export const ADD_DEVICE_TYPES = (["sensor", "lock", "camera", "reader", "density"] as const).map(typeOption);

/** The detail form's types (spec 2 §2, plus Card Reader so a reader keeps its type). */
export const DETAIL_DEVICE_TYPES = (["lock", "sensor", "camera", "reader", "density", "lastlock"] as const).map(typeOption);

/** The All Devices type filter. */
export const TYPE_FILTERS: { value: "all" | DeviceType; label: string }[] = [
  { value: "all", label: "All Types" },
  { value: "lock", label: "Lock" },
  { value: "sensor", label: "Sensor" },
  { value: "camera", label: "Camera" },
  { value: "density", label: "Density" },
];

/** "Generic - Main Lobby", "Ubiquiti - Unassigned". */
export const deviceSubtitle = (device: Pick<Device, "manufacturer" | "roomName">) =>
  `${device.manufacturer || "Unknown"} - ${device.roomName ?? "Unassigned"}`;

type Listed = Pick<Device, "name" | "manufacturer" | "roomName" | "type" | "isActive" | "isPending">;

/**
 * The All Devices tab: devices awaiting discovery or approval (isPending) wait
 * on their integration's tab; the search looks at name, manufacturer and room
 * name in any case.
 */
export function filterDevices<T extends Listed>(devices: readonly T[], search: string, type: "all" | DeviceType, showDeactivated: boolean): T[] {
  const needle = search.trim().toLowerCase();
  return devices.filter((d) =>
    !d.isPending &&
    (showDeactivated || d.isActive) &&
    (type === "all" || d.type === type) &&
    (!needle || [d.name, d.manufacturer ?? "", d.roomName ?? ""].some((text) => text.toLowerCase().includes(needle)))
  );
}

/** Spec 2 §7: "DEV" plus the last six digits of the current time in ms. */
export const generatedDeviceId = (now: number) => `DEV${String(now).slice(-6).padStart(6, "0")}`;

export type NewDevice = {
  name: string;
  deviceId: string;
  type: DeviceType;
  manufacturer: string;
  roomId: null;
  isActive: true;
};

/** POST /api/devices (spec 2 §7): trimmed name, generated id, manufacturer by type, no room, active. */
export function newDevicePayload(name: string, type: DeviceType, now: number): NewDevice {
  return {
    name: name.trim(),
    deviceId: generatedDeviceId(now),
    type,
    manufacturer: type === "density" ? "Density Inc" : "Generic",
    roomId: null,
    isActive: true,
  };
}

/** The row a new device shows until the server has made it: what was sent, nothing set, nothing seen yet. */
export function newDeviceRow(id: number, payload: NewDevice, at: Date): Device {
  return {
    id,
    ...payload,
    roomName: null,
    isPending: false,
    hasApiKey: false,
    apiKeyCreatedAt: null,
    densitySpaceId: null,
    densityAuthType: "bearer",
    hasDensityApiToken: false,
    hasDensityClientId: false,
    hasDensityClientSecret: false,
    lastLockDeviceId: null,
    lastLockDescription: null,
    lastLockTimeCreated: null,
    lastAccessAttempt: null,
    lastAccessCredential: null,
    lastAccessOutcome: null,
    credentialCount: 0,
    lastSync: null,
    unifiDeviceId: null,
    unifiModel: null,
    unifiIp: null,
    unifiMac: null,
    unifiIsOnline: null,
    lastSeen: null,
    firmware: null,
    cameraSpecs: null,
    sensorSpecs: null,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
}

export const deleteDeviceConfirmation = (name: string) =>
  `Are you sure you want to delete ${name}? This action cannot be undone.`;

// --- the detail form ------------------------------------------------------------

/** A write-only secret in the form: kept as it is, replaced by a new value, or cleared. */
export type SecretEdit = { mode: "keep" } | { mode: "replace"; value: string } | { mode: "clear" };

export type DeviceForm = {
  name: string;
  type: DeviceType | "";
  deviceId: string;
  manufacturer: string;
  /** "" for no room. */
  roomId: string;
  densityAuthType: DensityAuthType;
  densitySpaceId: string;
  lastLockDescription: string;
  densityApiToken: SecretEdit;
  densityClientId: SecretEdit;
  densityClientSecret: SecretEdit;
};

export const SECRET_FIELDS = ["densityApiToken", "densityClientId", "densityClientSecret"] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

export const HAS_SECRET: Record<SecretField, keyof Device> = {
  densityApiToken: "hasDensityApiToken",
  densityClientId: "hasDensityClientId",
  densityClientSecret: "hasDensityClientSecret",
};

export function deviceForm(device: Device): DeviceForm {
  return {
    name: device.name,
    type: device.type ?? "",
    deviceId: device.deviceId ?? "",
    manufacturer: device.manufacturer ?? "",
    roomId: device.roomId === null ? "" : String(device.roomId),
    densityAuthType: device.densityAuthType ?? "bearer",
    densitySpaceId: device.densitySpaceId ?? "",
    lastLockDescription: device.lastLockDescription ?? "",
    densityApiToken: { mode: "keep" },
    densityClientId: { mode: "keep" },
    densityClientSecret: { mode: "keep" },
  };
}

/** 'Device name and device ID are required.' when either is blank. */
export const deviceFormProblem = (form: DeviceForm) =>
  form.name.trim() && form.deviceId.trim() ? null : DEVICE_MESSAGES.nameAndIdRequired;

export type DeviceUpdate = {
  name: string;
  deviceId: string;
  type: DeviceType;
  manufacturer: string | null;
  roomId: number | null;
  densitySpaceId: string | null;
  densityAuthType: DensityAuthType;
  lastLockDescription: string | null;
  densityApiToken?: string | null;
  densityClientId?: string | null;
  densityClientSecret?: string | null;
};

/**
 * PUT /api/devices/{id}: empty optional fields as null, the room id as an
 * integer, the type defaulting to lock (spec 2 §5). A secret is sent only when
 * the admin typed a new one (its value) or chose to clear it (null); left
 * alone it is not sent, and the server keeps it.
 */
export function deviceUpdatePayload(form: DeviceForm): DeviceUpdate {
  const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());
  const payload: DeviceUpdate = {
    name: form.name.trim(),
    deviceId: form.deviceId.trim(),
    type: form.type || "lock",
    manufacturer: blankToNull(form.manufacturer),
    roomId: form.roomId === "" ? null : Number.parseInt(form.roomId, 10),
    densitySpaceId: blankToNull(form.densitySpaceId),
    densityAuthType: form.densityAuthType,
    lastLockDescription: blankToNull(form.lastLockDescription),
  };
  for (const field of SECRET_FIELDS) {
    const edit = form[field];
    if (edit.mode === "clear") payload[field] = null;
    else if (edit.mode === "replace" && edit.value !== "") payload[field] = edit.value;
  }
  return payload;
}

/**
 * Whether the device still waits once its room is roomId (spec 2 §4), as the server
 * decides it (pendingWithRoom in api/devices/routes.ts): a UniFi device's wait for a
 * room ends when it gets one, from any screen; a Last Lock device waits for its approval.
 */
export const pendingWithRoom = (device: Pick<Device, "isPending" | "unifiDeviceId">, roomId: number | null) =>
  device.isPending && (device.unifiDeviceId === null || roomId === null);

/** Whether a secret will be set after saving: for the form's "set" badge and the optimistic row. */
export function secretSetAfter(edit: SecretEdit, wasSet: boolean): boolean {
  if (edit.mode === "clear") return false;
  if (edit.mode === "replace" && edit.value !== "") return true;
  return wasSet;
}

/** The picker's text of a space: "Main Lobby (reception)". */
export const spaceLabel = (space: Pick<DensitySpace, "name" | "function">) =>
  space.function ? `${space.name} (${space.function})` : space.name;

/** "Authorized" (green) for authorized, "Denied" (red) for anything else. */
export const accessOutcomeBadge = (outcome: string | null) =>
  outcome === "authorized"
    ? { label: "Authorized", color: "success" as const }
    : { label: "Denied", color: "danger" as const };

/** A time in the browser's zone, e.g. "Nov 21, 2026, 1:37 PM"; null stays null. */
export function localTime(iso: string | null, timeZone?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}
