import { describe, expect, it } from "vitest";
import { type Alarm, alarmActions, alarmLines, alarmPlace, alarmsUrl, alarmToast } from "./alarm_display";

const alarm = (over: Partial<Alarm> = {}): Alarm => ({
  id: 7,
  type: "door.forced_open",
  severity: "critical",
  state: "active",
  deviceId: 3,
  deviceName: "Front Reader",
  roomId: 2,
  roomName: "Lobby",
  startedAt: "2026-11-27T14:05:00Z",
  clearedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  note: null,
  ...over,
});

describe("an alarm's words", () => {
  it("is placed at its device in its room, or at the device alone", () => {
    expect(alarmPlace(alarm())).toBe("Front Reader in Lobby");
    expect(alarmPlace(alarm({ roomName: null }))).toBe("Front Reader");
  });

  it("says when it started, cleared, who acknowledged and resolved it, and the note", () => {
    expect(alarmLines(alarm(), "UTC")).toEqual(["Started Nov 27, 2026, 2:05:00 PM"]);
    const done = alarm({
      state: "resolved",
      clearedAt: "2026-11-27T14:06:00Z",
      acknowledgedAt: "2026-11-27T14:07:00Z",
      acknowledgedBy: { type: "user", id: 1, name: "Alex Admin" },
      resolvedAt: "2026-11-27T14:10:00Z",
      resolvedBy: { type: "system", id: null, name: "Threshold" },
      note: "Door shut by facilities",
    });
    expect(alarmLines(done, "UTC")).toEqual([
      "Started Nov 27, 2026, 2:05:00 PM",
      "Cleared Nov 27, 2026, 2:06:00 PM",
      "Acknowledged by Alex Admin, Nov 27, 2026, 2:07:00 PM",
      "Resolved by Threshold, Nov 27, 2026, 2:10:00 PM",
      "Note: Door shut by facilities",
    ]);
  });
});

it("offers Acknowledge and Resolve while active, Resolve once acknowledged, nothing once resolved", () => {
  expect(alarmActions(alarm())).toEqual(["acknowledge", "resolve"]);
  expect(alarmActions(alarm({ state: "acknowledged" }))).toEqual(["resolve"]);
  expect(alarmActions(alarm({ state: "resolved" }))).toEqual([]);
});

it("toasts critical alarms only, as the spec words them", () => {
  expect(alarmToast(alarm())).toEqual({ title: "Door forced open", description: "Front Reader in Lobby" });
  expect(alarmToast(alarm({ type: "device.tamper" }))).toEqual({ title: "Tamper", description: "Front Reader in Lobby" });
  expect(alarmToast(alarm({ type: "door.held_open", severity: "warning" }))).toBeNull();
});

it("reads each tab's pages by cursor", () => {
  expect(alarmsUrl("open", null)).toBe("/api/alarms?state=open");
  expect(alarmsUrl("resolved", "MjAy+/=")).toBe("/api/alarms?state=resolved&cursor=MjAy%2B%2F%3D");
});
