// The figures the navigation shows on its areas: the active alarms on Alarms.
import { useActiveAlarmCount } from "../alarms/public";
import type { NavArea } from "./nav_items";

export function useNavBadges(): Partial<Record<NavArea, number>> {
  return { alarms: useActiveAlarmCount() };
}
