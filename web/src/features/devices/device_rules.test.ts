import { describe, expect, it } from "vitest";
import type { Device } from "../../api/devices";
import {
  accessOutcomeBadge,
  deleteDeviceConfirmation,
  deviceForm,
  deviceFormProblem,
  deviceSubtitle,
  deviceUpdatePayload,
  filterDevices,
  generatedDeviceId,
  localTime,
  newDevicePayload,
  newDeviceRow,
  secretSetAfter,
  spaceLabel,
} from "./device_rules";

const base = { isActive: true, isPending: false, manufacturer: "Generic", roomName: null, roomId: null };
const devices = [
  { ...base, id: 1, name: "Lobby Turnstile", type: "lock" as const, roomName: "Main Lobby", roomId: 1 },
  { ...base, id: 2, name: "Lobby Occupancy Sensor", type: "density" as const, manufacturer: "Density Inc", roomName: "Main Lobby", roomId: 1 },
  { ...base, id: 3, name: "Spare Badge Reader", type: "reader" as const },
  { ...base, id: 4, name: "Storage Annex Reader", type: "reader" as const, isActive: false, roomName: "Storage Annex", roomId: 9 },
  { ...base, id: 5, name: "Parking Garage Camera", type: "camera" as const, manufacturer: "Ubiquiti", isPending: true },
];

describe("filterDevices", () => {
  it("leaves out pending devices and deactivated ones unless asked", () => {
    expect(filterDevices(devices, "", "all", false).map((d) => d.id)).toEqual([1, 2, 3]);
    expect(filterDevices(devices, "", "all", true).map((d) => d.id)).toEqual([1, 2, 3, 4]);
  });
  it("searches name, manufacturer and room name in any case", () => {
    expect(filterDevices(devices, "TURNSTILE", "all", false).map((d) => d.id)).toEqual([1]);
    expect(filterDevices(devices, "density inc", "all", false).map((d) => d.id)).toEqual([2]);
    expect(filterDevices(devices, "main lobby", "all", false).map((d) => d.id)).toEqual([1, 2]);
    expect(filterDevices(devices, "annex", "all", true).map((d) => d.id)).toEqual([4]);
  });
  it("filters by type", () => {
    expect(filterDevices(devices, "", "density", false).map((d) => d.id)).toEqual([2]);
    expect(filterDevices(devices, "", "lock", false).map((d) => d.id)).toEqual([1]);
    expect(filterDevices(devices, "", "camera", true)).toEqual([]);
  });
});

describe("labels", () => {
  it("shows 'manufacturer - room'", () => {
    expect(deviceSubtitle({ manufacturer: "Generic", roomName: "Main Lobby" })).toBe("Generic - Main Lobby");
    expect(deviceSubtitle({ manufacturer: "Ubiquiti", roomName: null })).toBe("Ubiquiti - Unassigned");
  });
  it("has the spec's delete confirmation", () => {
    expect(deleteDeviceConfirmation("Lobby Camera")).toBe("Are you sure you want to delete Lobby Camera? This action cannot be undone.");
  });
  it("shows spaces with their function and outcomes as badges", () => {
    expect(spaceLabel({ name: "Main Lobby", function: "reception" })).toBe("Main Lobby (reception)");
    expect(spaceLabel({ name: "Ground Floor", function: null })).toBe("Ground Floor");
    expect(accessOutcomeBadge("authorized")).toEqual({ label: "Authorized", color: "success" });
    expect(accessOutcomeBadge("denied")).toEqual({ label: "Denied", color: "danger" });
  });
  it("formats times in the given zone", () => {
    expect(localTime(null)).toBeNull();
    expect(localTime("not a time")).toBeNull();
    expect(localTime("2026-11-21T18:37:00Z", "UTC")).toBe("Nov 21, 2026, 6:37 PM");
  });
});

describe("new devices", () => {
  it("make DEV plus the last six digits of the time", () => {
    expect(generatedDeviceId(1_763_750_123_456)).toBe("DEV123456");
    expect(generatedDeviceId(42)).toBe("DEV000042");
  });
  it("send the spec's payload: manufacturer by type, no room, active", () => {
    expect(newDevicePayload("  Door  ", "density", 1_000_000_654_321)).toEqual({
      name: "Door",
      deviceId: "DEV654321",
      type: "density",
      manufacturer: "Density Inc",
      roomId: null,
      isActive: true,
    });
    expect(newDevicePayload("Door", "lock", 1).manufacturer).toBe("Generic");
  });
});

const device: Device = {
  ...newDeviceRow(3, newDevicePayload("Lobby Occupancy Sensor", "density", 421766), new Date("2026-01-01T00:00:00.000Z")),
  roomId: 1,
  roomName: "Main Lobby",
  densitySpaceId: "spc_main_lobby",
  hasDensityApiToken: true,
};

describe("the device form", () => {
  it("starts from the device, secrets kept", () => {
    const form = deviceForm(device);
    expect(form).toMatchObject({ name: device.name, type: "density", roomId: "1", densitySpaceId: "spc_main_lobby" });
    expect(form.densityApiToken).toEqual({ mode: "keep" });
  });
  it("needs a name and a device ID", () => {
    expect(deviceFormProblem({ ...deviceForm(device), name: " " })).toBe("Device name and device ID are required.");
    expect(deviceFormProblem({ ...deviceForm(device), deviceId: "" })).toBe("Device name and device ID are required.");
    expect(deviceFormProblem(deviceForm(device))).toBeNull();
  });
  it("sends empty optional fields as null, the room as a number, lock by default, and no secret left alone", () => {
    const payload = deviceUpdatePayload({ ...deviceForm(device), type: "", manufacturer: " ", roomId: "", densitySpaceId: "" });
    expect(payload).toEqual({
      name: device.name,
      deviceId: device.deviceId,
      type: "lock",
      manufacturer: null,
      roomId: null,
      densitySpaceId: null,
      densityAuthType: "bearer",
      lastLockDescription: null,
    });
    expect(deviceUpdatePayload({ ...deviceForm(device), roomId: "12" }).roomId).toBe(12);
  });
  it("sends a secret only when replaced (its value) or cleared (null)", () => {
    const payload = deviceUpdatePayload({
      ...deviceForm(device),
      densityApiToken: { mode: "replace", value: " tok en " },
      densityClientId: { mode: "clear" },
      densityClientSecret: { mode: "replace", value: "" },
    });
    expect(payload.densityApiToken).toBe(" tok en ");
    expect(payload.densityClientId).toBeNull();
    expect("densityClientSecret" in payload).toBe(false);
  });
  it("knows whether a secret is set after saving", () => {
    expect(secretSetAfter({ mode: "keep" }, true)).toBe(true);
    expect(secretSetAfter({ mode: "keep" }, false)).toBe(false);
    expect(secretSetAfter({ mode: "clear" }, true)).toBe(false);
    expect(secretSetAfter({ mode: "replace", value: "x" }, false)).toBe(true);
    expect(secretSetAfter({ mode: "replace", value: "" }, true)).toBe(true);
  });
});

describe("a new device's row", () => {
  it("is what was sent, active, in no room, with nothing set or seen yet", () => {
    const row = newDeviceRow(-4, newDevicePayload(" Door ", "lock", 1), new Date("2026-01-01T00:00:00.000Z"));
    expect(row).toMatchObject({ id: -4, name: "Door", deviceId: "DEV000001", isActive: true, roomId: null, credentialCount: 0 });
    expect(row.hasDensityApiToken).toBe(false);
    expect(row.updatedAt).toBe("2026-01-01T00:00:00.000Z");
  });
});
