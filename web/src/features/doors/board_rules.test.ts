import { describe, expect, it } from "vitest";
import {
  boardRooms,
  clockText,
  connectionText,
  type DoorEntry,
  lastSeenText,
  listText,
  lockText,
  needsAttention,
  positionText,
  withDoorChanged,
} from "./board_rules";

const NOW = new Date("2026-11-27T14:30:00Z");
const door = (over: Partial<DoorEntry> = {}): DoorEntry => ({
  deviceId: 1,
  deviceName: "Front Reader",
  roomId: 5,
  roomName: "Lobby",
  connection: { state: "online", lastSeenAt: "2026-11-27T14:29:50Z" },
  position: { state: "closed", since: "2026-11-27T14:00:00Z" },
  lock: "locked",
  list: { current: true, fetchedAt: "2026-11-27T14:00:00Z" },
  alarm: null,
  ...over,
});

describe("the words of a door's entry", () => {
  it("names connection, position and lock as the spec does", () => {
    expect(connectionText(door())).toBe("Online");
    expect(connectionText(door({ connection: { state: "offline", lastSeenAt: null } }))).toBe("Offline");
    expect(connectionText(door({ connection: { state: "never", lastSeenAt: null } }))).toBe("Never connected");
    expect(positionText(door({ position: { state: "open", since: null } }))).toBe("Open");
    expect(positionText(door({ position: { state: "unknown", since: null } }))).toBe("Unknown");
    expect(lockText(door({ lock: "lockdown" }))).toBe("Lockdown");
    expect(lockText(door({ lock: "unlocked" }))).toBe("Unlocked");
  });

  it("says when an offline door was last seen, in the viewer's clock", () => {
    const offline = door({ connection: { state: "offline", lastSeenAt: "2026-11-27T13:05:00Z" } });
    expect(lastSeenText(offline, NOW, "UTC")).toBe("Last seen 13:05");
    expect(lastSeenText(offline, NOW, "Europe/Berlin")).toBe("Last seen 14:05");
    expect(lastSeenText(door(), NOW, "UTC")).toBeNull();
  });

  it("says Up to date, or Behind since the time it fetched the list it holds", () => {
    expect(listText(door(), NOW, "UTC")).toBe("Up to date");
    expect(listText(door({ list: { current: false, fetchedAt: "2026-11-27T09:07:00Z" } }), NOW, "UTC")).toBe("Behind since 09:07");
    expect(listText(door({ list: { current: false, fetchedAt: "2026-11-25T09:07:00Z" } }), NOW, "UTC")).toBe("Behind since Nov 25, 09:07");
    expect(listText(door({ list: { current: false, fetchedAt: null } }), NOW, "UTC")).toBe("Behind");
  });

  it("shows another day's time with its date", () => {
    expect(clockText("2026-11-26T23:59:00Z", NOW, "UTC")).toBe("Nov 26, 23:59");
    expect(clockText("2026-11-27T00:00:00Z", NOW, "UTC")).toBe("00:00");
  });
});

describe("needs attention", () => {
  it("offline, behind while connected, or alarmed", () => {
    expect(needsAttention(door())).toBe(false);
    expect(needsAttention(door({ connection: { state: "offline", lastSeenAt: null } }))).toBe(true);
    expect(needsAttention(door({ list: { current: false, fetchedAt: null } }))).toBe(true);
    expect(needsAttention(door({ alarm: { id: 3, type: "door.held_open", severity: "warning" } }))).toBe(true);
  });
  it("a door never connected is not behind: it has yet to be installed", () => {
    expect(needsAttention(door({ connection: { state: "never", lastSeenAt: null }, list: { current: false, fetchedAt: null } }))).toBe(false);
  });
});

describe("a live change", () => {
  it("takes the door's place on the board, leaving the others", () => {
    const board = [door(), door({ deviceId: 2, deviceName: "Back Reader" })];
    const opened = door({ deviceId: 2, deviceName: "Back Reader", position: { state: "open", since: "2026-11-27T14:30:00Z" } });
    expect(withDoorChanged(board, opened)).toEqual([board[0], opened]);
    expect(board[1].position.state).toBe("closed");
  });
  it("a door not on the board asks for the board again", () => {
    expect(withDoorChanged([door()], door({ deviceId: 9 }))).toBeNull();
  });
});

it("the rooms on the board, by name, each once", () => {
  const board = [door({ roomId: 2, roomName: "Lab" }), door({ roomId: 5, roomName: "Lobby" }), door({ roomId: 2, roomName: "Lab" }), door({ roomId: null, roomName: null })];
  expect(boardRooms(board)).toEqual([{ id: 2, name: "Lab" }, { id: 5, name: "Lobby" }]);
});
