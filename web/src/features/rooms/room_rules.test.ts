import { describe, expect, it } from "vitest";
import {
  canCreateRoom,
  deleteRoomConfirmation,
  deviceCountLabel,
  doorPayload,
  heldOpenSeconds,
  doorStateReason,
  filterByNameOrType,
  newRoomPayload,
  removeDeviceConfirmation,
  roomEditPayload,
  roomEditProblem,
  SENSOR_PLACEHOLDERS,
  sensorFigures,
  unassignedDevices,
} from "./room_rules";
import { sensorEventsUrl, sensorExportUrl, startOfLocalDay } from "./sensor_events";

const base = { isActive: true, isPending: false, roomId: null };
const devices = [
  { ...base, id: 1, name: "Lobby Turnstile", type: "lock" as const, roomId: 1 },
  { ...base, id: 2, name: "Lobby Occupancy Sensor", type: "density" as const, roomId: 1 },
  { ...base, id: 3, name: "Spare Badge Reader", type: "reader" as const },
  { ...base, id: 4, name: "Storage Annex Reader", type: "reader" as const, isActive: false, roomId: 9 },
  { ...base, id: 5, name: "Parking Garage Camera", type: "camera" as const, isPending: true },
];

describe("room device lists", () => {
  it("filters by name or type (its label too)", () => {
    expect(filterByNameOrType(devices, "reader").map((d) => d.id)).toEqual([3, 4]);
    expect(filterByNameOrType(devices, "card").map((d) => d.id)).toEqual([3, 4]);
    expect(filterByNameOrType(devices, "density").map((d) => d.id)).toEqual([2]);
  });
  it("offers only devices in no room that wait on nothing", () => {
    expect(unassignedDevices(devices).map((d) => d.id)).toEqual([3]);
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

describe("the door", () => {
  it("sends the room's own name and description with the door's settings", () => {
    expect(doorPayload({ name: " Lab ", description: null }, { unlockScheduleId: 4, firstPersonIn: true, heldOpenSeconds: 60 }))
      .toEqual({ name: "Lab", description: null, unlockScheduleId: 4, firstPersonIn: true, heldOpenSeconds: 60 });
    expect(doorPayload({ name: "Lab", description: "Level 2" }, { unlockScheduleId: null, firstPersonIn: false, heldOpenSeconds: 300 }))
      .toEqual({ name: "Lab", description: "Level 2", unlockScheduleId: null, firstPersonIn: false, heldOpenSeconds: 300 });
  });

  it("takes held-open seconds from 10 to 3600, whole, and nothing else", () => {
    for (const [text, seconds] of [["10", 10], [" 3600 ", 3600], ["90", 90]] as const) expect(heldOpenSeconds(text)).toBe(seconds);
    for (const text of ["9", "3601", "", "1.5", "-20", "60s", "1e2", "99999"]) expect(heldOpenSeconds(text)).toBeNull();
  });
  it("says why the door is as it is, and until when", () => {
    expect(doorStateReason({ state: "locked", since: null, until: null, reason: "No unlock schedule" })).toBe("No unlock schedule");
    expect(doorStateReason({ state: "unlocked", since: null, until: "2026-03-02T17:00:00Z", reason: "Unlock schedule open" }, "UTC"))
      .toBe("Unlock schedule open, until Mar 2, 2026, 5:00:00 PM");
  });
});
