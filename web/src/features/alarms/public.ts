// What other screens use of the alarms (spec 4 §2): the live listener every dashboard
// page keeps (the badge's counts, the critical toast), the active count for the
// navigation's badge, and the words of alarm types (the Doors board's chips).
import { useAlarmCounts } from "./api";

export { useAlarmEvents } from "./use_alarm_events";
export { ALARM_TYPE_WORDS } from "./alarm_words";
export { alarmPath } from "./alarm_display";

/** Unresolved alarms nobody has acknowledged yet (0 while unknown). */
export const useActiveAlarmCount = () => useAlarmCounts(true).data?.active ?? 0;
