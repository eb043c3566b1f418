// What the Alarms screens say (spec 4 §2 "Screens"), pure: an alarm's place, its
// lines, the toast a critical one raises, and the texts of the page and its dialog.
import type { Alarm as ServerAlarm, AlarmActor } from "../../../../api/alarms/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import { formatTime } from "../../ui/format_time";
import { ALARM_TYPE_WORDS } from "./alarm_words";

export type Alarm = Json<ServerAlarm>;
export type AlarmAction = "acknowledge" | "resolve";

export const ALARM_TEXTS = {
  title: "Alarms",
  subtitle: "Doors and devices that need attention",
  open: "Open",
  history: "History",
  noneOpen: "No open alarms. Every door is as it should be.",
  noneResolved: "No resolved alarms yet.",
  fetchFailed: "Failed to fetch alarms",
  needConnection: "Alarms need a connection",
  acknowledge: "Acknowledge",
  resolve: "Resolve",
  note: "Note (optional)",
  acknowledged: "Alarm acknowledged",
  resolved: "Alarm resolved",
  acknowledgeFailed: "Failed to acknowledge alarm",
  resolveFailed: "Failed to resolve alarm",
  cleared: "Cleared",
  view: "View",
  notFound: "Alarm not found",
} as const;

export const NOTE_MAX = 500;

/** `<device> in <room>`, or the device alone when it has no room. */
export const alarmPlace = (alarm: Pick<Alarm, "deviceName" | "roomName">) =>
  alarm.roomName ? `${alarm.deviceName} in ${alarm.roomName}` : alarm.deviceName;

export const alarmTitle = (alarm: Pick<Alarm, "type">) => ALARM_TYPE_WORDS[alarm.type];

const actorName = (actor: AlarmActor | null) => actor?.name ?? "";

/** The lines under an alarm's title: when, cleared, who acknowledged and resolved it, its note. */
export function alarmLines(alarm: Alarm, timeZone?: string): string[] {
  const at = (iso: string) => formatTime(iso, timeZone);
  return [
    `Started ${at(alarm.startedAt)}`,
    ...(alarm.clearedAt ? [`${ALARM_TEXTS.cleared} ${at(alarm.clearedAt)}`] : []),
    ...(alarm.acknowledgedAt ? [`Acknowledged by ${actorName(alarm.acknowledgedBy)}, ${at(alarm.acknowledgedAt)}`] : []),
    ...(alarm.resolvedAt ? [`Resolved by ${actorName(alarm.resolvedBy)}, ${at(alarm.resolvedAt)}`] : []),
    ...(alarm.note ? [`Note: ${alarm.note}`] : []),
  ];
}

/** What an admin may still do: acknowledge an active alarm, resolve any unresolved one. */
export const alarmActions = (alarm: Pick<Alarm, "state">): AlarmAction[] =>
  alarm.state === "active" ? ["acknowledge", "resolve"] : alarm.state === "acknowledged" ? ["resolve"] : [];

/** The toast of a critical alarm (`Door forced open` / `<device> in <room>`); null for a warning. */
export function alarmToast(alarm: Alarm): { title: string; description: string } | null {
  if (alarm.severity !== "critical") return null;
  return { title: alarmTitle(alarm), description: alarmPlace(alarm) };
}

/** The Alarms page's address that opens one alarm. */
export const alarmPath = (id: number) => `/dash/alarms?alarm=${id}`;

/** The list a tab reads: open (active and acknowledged) or resolved, keyset-paged. */
export const alarmsUrl = (tab: "open" | "resolved", cursor: string | null) =>
  `/api/alarms?state=${tab}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
