// How the app names an alarm's type and severity (spec 4 §2 "Screens"). Apart from
// the rest of the alarms' texts because the Doors board's chips use them too.
import type { Alarm } from "../../../../api/alarms/contract.ts";

export const ALARM_TYPE_WORDS: Record<Alarm["type"], string> = {
  "door.forced_open": "Door forced open",
  "door.held_open": "Door held open",
  "device.tamper": "Tamper",
  "device.offline": "Device offline",
};

export const SEVERITY_WORDS: Record<Alarm["severity"], string> = { critical: "Critical", warning: "Warning" };
