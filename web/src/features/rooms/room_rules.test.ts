import { describe, expect, it } from "vitest";
import {
  canCreateRoom,
  deleteRoomConfirmation,
  deviceCountLabel,
  filterByName,
  filterRooms,
  newRoomPayload,
  pickableRooms,
  removeDeviceConfirmation,
  removeGroupRoomConfirmation,
  roomEditPayload,
  roomEditProblem,
  SENSOR_PLACEHOLDERS,
  sensorFigures,
} from "./room_rules";
import { sensorEventsUrl, sensorExportUrl, startOfLocalDay } from "./sensor_events";

const rooms = [
  { id: 1, name: "Main Lobby", description: "Front desk", isActive: true },
  { id: 2, name: "Storage Annex", description: "Closed for renovation", isActive: false },
  { id: 3, name: "Mail Room", description: null, isActive: true },
];

describe("filterRooms", () => {
  it("hides deactivated rooms unless asked", () => {
    expect(filterRooms(rooms, "", false).map((r) => r.id)).toEqual([1, 3]);
    expect(filterRooms(rooms, "", true).map((r) => r.id)).toEqual([1, 2, 3]);
  });
  it("matches name or description in any case", () => {
    expect(filterRooms(rooms, "LOBBY", false).map((r) => r.id)).toEqual([1]);
    expect(filterRooms(rooms, "renovation", true).map((r) => r.id)).toEqual([2]);
    expect(filterRooms(rooms, "renovation", false)).toEqual([]);
    expect(filterRooms(rooms, "  ", false).map((r) => r.id)).toEqual([1, 3]);
  });
});

describe("labels and texts", () => {
  it("says Device for one and Devices otherwise", () => {
    expect(deviceCountLabel(0)).toBe("0 Devices");
    expect(deviceCountLabel(1)).toBe("1 Device");
    expect(deviceCountLabel(4)).toBe("4 Devices");
  });
  it("has the spec's confirmations", () => {
    expect(deleteRoomConfirmation("Mail Room")).toBe("Are you sure you want to delete Mail Room? This action cannot be undone.");
    expect(removeDeviceConfirmation("Lobby Camera")).toBe(
      "Are you sure you want to remove Lobby Camera from this room? The device will no longer be associated with this room.",
    );
    expect(removeGroupRoomConfirmation("Mail Room", "Staff")).toContain("The group will lose access to this room.");
  });
});

describe("room forms", () => {
  it("needs a name that is not blank", () => {
    expect(canCreateRoom({ name: "  ", description: "x" })).toBe(false);
    expect(canCreateRoom({ name: " A ", description: "" })).toBe(true);
  });
  it("sends the trimmed name, and the description only when not blank", () => {
    expect(newRoomPayload({ name: "  Lab  ", description: "   " })).toEqual({ name: "Lab" });
    expect(newRoomPayload({ name: "Lab", description: " Benches " })).toEqual({ name: "Lab", description: "Benches" });
  });
  it("refuses a blank name on edit with the spec's message", () => {
    expect(roomEditProblem({ name: " ", description: "" })).toBe("Room name is required");
    expect(roomEditProblem({ name: "Lab", description: "" })).toBeNull();
    expect(roomEditPayload({ name: " Lab ", description: "  " })).toEqual({ name: "Lab", description: null });
  });
});

describe("group room picker", () => {
  it("offers active rooms not in the group, by name in any case", () => {
    expect(pickableRooms(rooms, new Set([3]), "").map((r) => r.id)).toEqual([1]);
    expect(pickableRooms(rooms, new Set(), "mAiL").map((r) => r.id)).toEqual([3]);
    expect(pickableRooms(rooms, new Set(), "annex")).toEqual([]);
    // The description is not searched.
    expect(pickableRooms(rooms, new Set(), "front")).toEqual([]);
  });
  it("searches the group's rooms by name", () => {
    expect(filterByName(rooms, "ROOM").map((r) => r.id)).toEqual([3]);
    expect(filterByName(rooms, "").length).toBe(3);
  });
});

describe("sensorFigures", () => {
  it("shows the spec's placeholders without a density device", () => {
    const shown = sensorFigures({ live: false, capacity: 8, currentOccupancy: null, averageDuration: null, peakUtilization: null, dailyVisitors: null });
    expect(shown).toEqual({
      live: false,
      occupancy: "12",
      capacity: "15",
      averageDuration: "45 m",
      peakUtilization: "92%",
      dailyVisitors: "156",
      occupancyPercent: 80,
    });
    expect(sensorFigures(undefined).occupancy).toBe(String(SENSOR_PLACEHOLDERS.currentOccupancy));
  });
  it("shows live figures, rounded, against the room's capacity", () => {
    const shown = sensorFigures({ live: true, capacity: 15, currentOccupancy: 3, averageDuration: 17.6, peakUtilization: 40, dailyVisitors: 1234 });
    expect(shown).toMatchObject({ live: true, occupancy: "3", capacity: "15", averageDuration: "18 m", peakUtilization: "40%", dailyVisitors: "1,234", occupancyPercent: 20 });
  });
  it("reads missing live figures as zero and caps the bar at 100", () => {
    const shown = sensorFigures({ live: true, capacity: 2, currentOccupancy: 5, averageDuration: null, peakUtilization: null, dailyVisitors: null });
    expect(shown).toMatchObject({ averageDuration: "0 m", peakUtilization: "0%", dailyVisitors: "0", occupancyPercent: 100 });
  });
});

describe("sensor events", () => {
  it("asks for today's entries of the room and exports the same", () => {
    const since = startOfLocalDay(new Date(2026, 10, 21, 15, 30));
    expect(since.getHours()).toBe(0);
    expect(since.getDate()).toBe(21);
    const from = encodeURIComponent(since.toISOString());
    expect(sensorEventsUrl(7, since)).toBe(`/api/rooms/7/logs?from=${from}&limit=10`);
    expect(sensorExportUrl(7, since)).toBe(`/api/rooms/7/logs/export.csv?from=${from}`);
  });
});
