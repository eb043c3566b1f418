// How Threshold names an alarm's type and severity (spec 4 §2 "Screens"): the screens
// (web/src/features/alarms/alarm_words.ts) and the notifications (notifications/
// alarm_notices.ts) say the same.
import type { Alarm } from "./contract.ts";

export const ALARM_TYPE_WORDS: Record<Alarm["type"], string> = {
  "door.forced_open": "Door forced open",
  "door.held_open": "Door held open",
  "device.tamper": "Tamper",
  "device.offline": "Device offline",
};

export const SEVERITY_WORDS: Record<Alarm["severity"], string> = { critical: "Critical", warning: "Warning" };
