// The rooms area's rules and texts (spec 2 §2, §5, §8, §9; spec 3 §1), pure:
// labels, form checks, confirmations, the room's device lists, its door, and
// the sensor page's figures.
import type { Device } from "../../api/devices";
import { typeLabel } from "../../api/device_display";
import type { Room } from "../../api/rooms";
import { formatTime } from "../../ui/format_time";
import type { SensorData } from "./api";

export const ROOM_MESSAGES = {
  created: "Room created",
  createFailed: "Failed to create room",
  updated: "Room updated",
  updateFailed: "Failed to update room",
  activated: "Room activated",
  deactivated: "Room deactivated",
  toggleFailed: "Failed to update room status",
  deleted: "Room deleted",
  deleteFailed: "Failed to delete room",
  nameRequired: "Room name is required",
  notFound: "Room not found",
  loading: "Loading room...",
  fetchFailed: "Failed to fetch room",
  listFetchFailed: "Failed to fetch rooms",
  listEmpty: "No rooms found matching your criteria.",
  deviceAssigned: "Device assigned",
  assignFailed: "Failed to assign device",
  deviceRemoved: "Device removed",
  removeFailed: "Failed to remove device",
  devicesEmpty: "No devices found matching your search.",
  noUnassigned: "No unassigned devices available",
  noUnassignedMatch: "No devices found matching your search",
  devicesFetchFailed: "Failed to fetch devices",
} as const;

/** "1 Device", "0 Devices", "3 Devices". */
export const deviceCountLabel = (count: number) => `${count} ${count === 1 ? "Device" : "Devices"}`;

export type NewRoomForm = { name: string; description: string };

/** Create Room is possible once the trimmed name is not blank. */
export const canCreateRoom = (form: NewRoomForm) => form.name.trim() !== "";

/** POST /api/rooms: the trimmed name; the description only when not blank (spec 2 §5). */
export function newRoomPayload(form: NewRoomForm): { name: string; description?: string } {
  const description = form.description.trim();
  return description ? { name: form.name.trim(), description } : { name: form.name.trim() };
}

/** PUT /api/rooms/{id}: 'Room name is required' when the trimmed name is blank. */
export function roomEditProblem(form: NewRoomForm): string | null {
  return form.name.trim() ? null : ROOM_MESSAGES.nameRequired;
}

export const roomEditPayload = (form: NewRoomForm) => ({
  name: form.name.trim(),
  description: form.description.trim() || null,
});

/** What a room's door does (spec 3 §1): its unlock schedule, and whether it waits for the first person in. */
export type DoorSettings = Pick<Room, "unlockScheduleId" | "firstPersonIn" | "heldOpenSeconds">;

/** `Held-open alarm after` (spec 4 §1): whole seconds from 10 to 3600. */
export const HELD_OPEN_LIMITS = { min: 10, max: 3600 } as const;
export const HELD_OPEN_PROBLEM = "Held-open alarm after must be 10 to 3600 seconds";

/** The seconds typed, or null when they are not a whole number from 10 to 3600. */
export function heldOpenSeconds(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const seconds = Number(text.trim());
  return seconds >= HELD_OPEN_LIMITS.min && seconds <= HELD_OPEN_LIMITS.max ? seconds : null;
}

/** PUT /api/rooms/{id} wants the name (and drops a description left out): the room's own, with the door's settings. */
export const doorPayload = (room: Pick<Room, "name" | "description">, door: DoorSettings) => ({
  ...roomEditPayload({ name: room.name, description: room.description ?? "" }),
  unlockScheduleId: door.unlockScheduleId,
  firstPersonIn: door.firstPersonIn,
  heldOpenSeconds: door.heldOpenSeconds,
});

export const DOOR_STATES = {
  locked: { label: "Locked", color: "neutral" },
  unlocked: { label: "Unlocked", color: "success" },
  lockdown: { label: "Lockdown", color: "danger" },
} as const;

/** Why the door is as it is, and until when: "Unlock schedule open, until Mar 2, 2026, 5:00:00 PM". */
export const doorStateReason = ({ reason, until }: Room["doorState"], timeZone?: string) =>
  until ? `${reason}, until ${formatTime(until, timeZone)}` : reason;

export const deleteRoomConfirmation = (name: string) =>
  `Are you sure you want to delete ${name}? This action cannot be undone.`;

export const removeDeviceConfirmation = (device: string) =>
  `Are you sure you want to remove ${device} from this room? The device will no longer be associated with this room.`;

/** A room's devices, or the assign dialog's, by name or type (its label too). */
export function filterByNameOrType<T extends Pick<Device, "name" | "type">>(devices: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...devices];
  return devices.filter((d) =>
    d.name.toLowerCase().includes(needle) || d.type.toLowerCase().includes(needle) || typeLabel(d.type).toLowerCase().includes(needle)
  );
}

/** What "Assign Device to Room" offers: devices in no room (not those waiting on an integration). */
export const unassignedDevices = <T extends Pick<Device, "roomId" | "isPending">>(devices: readonly T[]) =>
  devices.filter((d) => d.roomId === null && !d.isPending);

// --- the room sensor page (spec 2 §2, §9) -------------------------------------

/** The spec's figures for a room without a density device. */
export const SENSOR_PLACEHOLDERS = {
  currentOccupancy: 12,
  capacity: 15,
  averageDuration: 45,
  peakUtilization: 92,
  dailyVisitors: 156,
} as const;

export type SensorFigures = {
  live: boolean;
  occupancy: string;
  capacity: string;
  averageDuration: string;
  peakUtilization: string;
  dailyVisitors: string;
  /** Current occupancy as a share of capacity, 0-100, for the bar. */
  occupancyPercent: number;
};

const count = new Intl.NumberFormat("en-US");

/** What the four cards show: the live figures, or the placeholders when the room has no density device. */
export function sensorFigures(data: Pick<SensorData, "live" | "capacity" | "currentOccupancy" | "averageDuration" | "peakUtilization" | "dailyVisitors"> | undefined): SensorFigures {
  const live = data?.live === true;
  const source = live
    ? {
      currentOccupancy: data!.currentOccupancy ?? 0,
      capacity: data!.capacity,
      averageDuration: data!.averageDuration ?? 0,
      peakUtilization: data!.peakUtilization ?? 0,
      dailyVisitors: data!.dailyVisitors ?? 0,
    }
    : SENSOR_PLACEHOLDERS;
  const capacity = source.capacity > 0 ? source.capacity : SENSOR_PLACEHOLDERS.capacity;
  return {
    live,
    occupancy: count.format(source.currentOccupancy),
    capacity: count.format(capacity),
    averageDuration: `${Math.round(source.averageDuration)} m`,
    peakUtilization: `${Math.round(source.peakUtilization)}%`,
    dailyVisitors: count.format(source.dailyVisitors),
    occupancyPercent: Math.min(100, Math.max(0, Math.round((source.currentOccupancy / capacity) * 100))),
  };
}
