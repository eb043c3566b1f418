// The alarms' part of the live channel (api/live_events.ts), kept by every dashboard
// page: an alarm raised, acknowledged or resolved anywhere reads the badge's counts
// and any open alarm list again, and a critical one raised shows its toast at once
// (spec 4 §2: `Door forced open` / `<device> in <room>`, whose action opens it). It
// stays until closed: someone must see it.
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "../../api/live_events";
import { toast } from "../../ui/toast/toast";
import { type Alarm, ALARM_TEXTS, alarmPath, alarmToast } from "./alarm_display";
import { isAlarmQuery } from "./api";

const ALARM_EVENTS = ["alarm.raised", "alarm.acknowledged", "alarm.resolved", "resync", "open"] as const;

export function useAlarmEvents(enabled: boolean) {
  const cache = useQueryClient();
  const navigate = useNavigate();
  useLiveEvents(ALARM_EVENTS, (type, data) => {
    void cache.invalidateQueries({ predicate: isAlarmQuery });
    if (type !== "alarm.raised") return;
    const alarm = data as Alarm;
    const words = alarmToast(alarm);
    if (!words) return;
    toast({
      ...words,
      variant: "destructive",
      duration: Infinity,
      action: { label: ALARM_TEXTS.view, onClick: () => navigate(alarmPath(alarm.id)) },
    });
  }, enabled);
}
