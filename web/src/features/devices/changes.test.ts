import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Device, deviceKey, DEVICES_KEY } from "../../api/devices";
import type { Change } from "../../api/mutations";
import { type DeviceEdit, useCreateDevice, useUpdateDevice } from "./changes";
import { deviceForm, type NewDevice, newDevicePayload, newDeviceRow } from "./device_rules";

// The hooks hand their change to the mutation layer: here it is handed back, to run
// its steps one by one as the layer does (request, then the optimistic edit).
vi.mock("../../api/mutations", async (original) => ({ ...(await original()), useChange: (change: unknown) => change }));

afterEach(() => {
  vi.useRealTimers();
});

describe("adding a device", () => {
  it("shows the device ID it sends, though the clock moves between the request and the row", () => {
    vi.useFakeTimers({ now: 1_763_750_123_999 });
    const cache = new QueryClient();
    const add = useCreateDevice() as unknown as Change<NewDevice, Device>;
    const vars = newDevicePayload("Door", "lock", Date.now()); // as the dialog makes it on Create
    const sent = add.request(vars, -7).body as NewDevice;
    vi.advanceTimersByTime(1); // the outbox stores the change before the row is shown
    add.optimistic!(cache, vars, -7);
    // DeviceLayout follows the row to the real device by this ID.
    expect(cache.getQueryData<Device>(deviceKey(-7))?.deviceId).toBe(sent.deviceId);
    expect(cache.getQueryData<Device[]>(DEVICES_KEY)?.map((d) => d.deviceId)).toEqual([sent.deviceId]);
  });
});

describe("saving a device's configuration", () => {
  const at = new Date("2026-01-01T00:00:00.000Z");
  const camera: Device = {
    ...newDeviceRow(5, newDevicePayload("Yard Cam", "camera", 1), at),
    manufacturer: "Ubiquiti",
    isPending: true,
    unifiDeviceId: "cam-yard",
  };
  const lock: Device = { ...newDeviceRow(6, newDevicePayload("Back Lock", "lastlock", 2), at), isPending: true, lastLockDeviceId: 9 };

  it("ends a UniFi device's wait when it gets a room, as the server does; a Last Lock device waits for its approval", () => {
    const cache = new QueryClient();
    cache.setQueryData(DEVICES_KEY, [camera, lock]);
    cache.setQueryData(["/api/unifi/devices/pending"], [camera]);
    const save = useUpdateDevice() as unknown as Change<DeviceEdit, Device>;
    for (const device of [camera, lock]) save.optimistic!(cache, { device, form: { ...deviceForm(device), roomId: "3" } }, 0);
    expect(cache.getQueryData<Device[]>(DEVICES_KEY)?.map((d) => [d.roomId, d.isPending])).toEqual([[3, false], [3, true]]);
    expect(cache.getQueryData(["/api/unifi/devices/pending"])).toEqual([]);
    expect(save.affects({ device: camera, form: deviceForm(camera) }, 0)).toContainEqual(["/api/unifi/devices/pending"]);
  });

  it("keeps the wait of a UniFi device saved without a room", () => {
    const cache = new QueryClient();
    cache.setQueryData(DEVICES_KEY, [camera]);
    const save = useUpdateDevice() as unknown as Change<DeviceEdit, Device>;
    save.optimistic!(cache, { device: camera, form: { ...deviceForm(camera), name: "Gate Cam" } }, 0);
    expect(cache.getQueryData<Device[]>(DEVICES_KEY)?.map((d) => [d.name, d.isPending])).toEqual([["Gate Cam", true]]);
  });
});
