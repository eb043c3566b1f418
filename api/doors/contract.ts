// What the Doors board shows of each door (spec 4 §1): GET /api/doors and the device
// read's additions. Types only: the web reads it.
import type { AlarmType } from "./door_rules.ts";

export type DoorConnection = {
  /** online: its stream is open on some process, or it called within the last minute. */
  state: "online" | "offline" | "never";
  lastSeenAt: Date | null;
};

/** unknown: never reported, or its controller is offline. */
export type DoorPosition = { state: "open" | "closed" | "unknown"; since: Date | null };

/** current: the access list it last fetched is the one it would be given now. */
export type ListFreshness = { current: boolean; fetchedAt: Date | null };

export type DoorEntry = {
  deviceId: number;
  deviceName: string;
  roomId: number | null;
  roomName: string | null;
  connection: DoorConnection;
  position: DoorPosition;
  lock: "locked" | "unlocked" | "lockdown";
  list: ListFreshness;
  /** Its most pressing unresolved alarm (critical first, then the newest). */
  alarm: null | { id: number; type: AlarmType; severity: "critical" | "warning" };
};
