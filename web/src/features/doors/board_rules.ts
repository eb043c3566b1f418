// The Doors board's words and rules (spec 4 §2 "Screens"), pure: what each part of a
// door's entry reads, which doors need attention, and a live door.changed folded
// into the board the screen holds.
import type { DoorEntry as ServerDoorEntry } from "../../../../api/doors/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import { clockText } from "../../ui/clock_text";
import { ALARM_TYPE_WORDS } from "../alarms/public";

export type DoorEntry = Json<ServerDoorEntry>;

export const BOARD_TEXTS = {
  title: "Doors",
  subtitle: "Every door, live",
  label: "Doors",
  allRooms: "All rooms",
  needsAttention: "Needs attention",
  upToDate: "Up to date",
  none: "No doors yet. A device with an API key shows here once it is active.",
  noMatch: "No door needs attention.",
  fetchFailed: "Failed to fetch doors",
  noRoom: "No room",
} as const;

const CONNECTION = { online: "Online", offline: "Offline", never: "Never connected" } as const;
const POSITION = { open: "Open", closed: "Closed", unknown: "Unknown" } as const;
const LOCK = { locked: "Locked", unlocked: "Unlocked", lockdown: "Lockdown" } as const;

export { clockText };

/** What the door's three facts are read from: a board entry, or a device read (GET /api/devices/{id}). */
export type DoorFacts = Pick<DoorEntry, "connection" | "position" | "list">;

export const connectionText = (door: DoorFacts) => CONNECTION[door.connection.state];

/** `Last seen …` under an offline door; null otherwise. */
export function lastSeenText(door: DoorFacts, now: Date, timeZone?: string): string | null {
  const seen = door.connection.lastSeenAt;
  return door.connection.state === "offline" && seen ? `Last seen ${clockText(seen, now, timeZone)}` : null;
}

export const positionText = (door: DoorFacts) => POSITION[door.position.state];
export const lockText = (door: DoorEntry) => LOCK[door.lock];

/**
 * `Up to date`, or `Behind since HH:MM`: the list it holds is the one it fetched then,
 * and the list has changed since (docs/screens.md). A door that never fetched one is
 * behind with no time.
 */
export function listText(door: DoorFacts, now: Date, timeZone?: string): string {
  if (door.list.current) return BOARD_TEXTS.upToDate;
  return door.list.fetchedAt ? `Behind since ${clockText(door.list.fetchedAt, now, timeZone)}` : "Behind";
}

export const alarmText = (door: DoorEntry) => (door.alarm ? ALARM_TYPE_WORDS[door.alarm.type] : null);

/**
 * `Needs attention`: offline, behind (a door that has connected, yet holds an old list),
 * open too long (its held-open alarm) or any other unresolved alarm.
 */
export const needsAttention = (door: DoorEntry) =>
  door.connection.state === "offline" || (door.connection.state === "online" && !door.list.current) || door.alarm !== null;

/** The board with one door's new entry in its place; null when the door is not on it (read the board again). */
export function withDoorChanged(board: DoorEntry[], changed: DoorEntry): DoorEntry[] | null {
  const at = board.findIndex((door) => door.deviceId === changed.deviceId);
  if (at < 0) return null;
  return board.with(at, changed);
}

/** The rooms on the board, by name, for its room filter. */
export function boardRooms(board: DoorEntry[]): { id: number; name: string }[] {
  const rooms = new Map<number, string>();
  for (const door of board) if (door.roomId !== null && door.roomName !== null) rooms.set(door.roomId, door.roomName);
  return [...rooms].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
