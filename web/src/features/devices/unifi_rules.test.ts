import { describe, expect, it } from "vitest";
import { discoveryText, pendingUnifiDevices, UNIFI_MESSAGES } from "./unifi_rules";

describe("UniFi tab words", () => {
  it("says what discovery found, as spec 2 §8 words it", () => {
    expect(discoveryText({ cameras: 3, sensors: 2, newDevices: 5 }))
      .toBe("Found 3 cameras and 2 sensors. 5 new devices available for assignment.");
    expect(discoveryText({ cameras: 0, sensors: 0, newDevices: 0 }))
      .toBe("Found 0 cameras and 0 sensors. 0 new devices available for assignment.");
  });
  it("keeps the spec's titles and defaults", () => {
    expect(UNIFI_MESSAGES.discoveryTitle).toBe("UniFi Discovery Complete");
    expect(UNIFI_MESSAGES.discoveryFailed).toBe("Failed to discover UniFi devices");
    expect(UNIFI_MESSAGES.assignmentFailedTitle).toBe("Assignment Failed");
    expect(UNIFI_MESSAGES.assignmentFailed).toBe("Failed to assign device to room");
  });
});

describe("pendingUnifiDevices", () => {
  it("lists pending cameras and sensors from Ubiquiti only", () => {
    const d = (name: string, type: string, manufacturer: string | null, isPending = true) => ({ name, type, manufacturer, isPending });
    const list = [
      d("cam", "camera", "Ubiquiti"),
      d("sensor", "sensor", "ubiquiti"),
      d("assigned", "camera", "Ubiquiti", false),
      d("lock", "lastlock", "Ubiquiti"),
      d("other", "camera", "Generic"),
      d("unknown", "camera", null),
    ];
    expect(pendingUnifiDevices(list).map((x) => x.name)).toEqual(["cam", "sensor"]);
  });
});
