// The alarms (spec 4 §2): their counts (the navigation's badge), a tab's pages, one
// alarm, and acknowledging or resolving it. Never through the outbox: an alarm is
// acted on by someone looking at it now, so offline it fails at once (`Alarms need
// a connection`) rather than wait to be sent after the fact.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { keepPreviousData } from "@tanstack/react-query";
import { call } from "../../api/client";
import type { AlarmCounts, AlarmPage } from "../../../../api/alarms/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import { type Alarm, type AlarmAction, alarmsUrl } from "./alarm_display";

export const ALARM_COUNTS_KEY = ["/api/alarms/counts"] as const;
const ALARM_CALL_TIMEOUT_MS = 10_000;

/** Every read of the alarms (the counts, each tab's pages, one alarm): what a change makes stale. */
export const isAlarmQuery = (query: { queryKey: readonly unknown[] }) => String(query.queryKey[0]).startsWith("/api/alarms");

export const useAlarmCounts = (enabled: boolean) => useQuery<AlarmCounts>({ queryKey: ALARM_COUNTS_KEY, enabled });

export const useAlarmPage = (tab: "open" | "resolved", cursor: string | null) =>
  useQuery<Json<AlarmPage>>({ queryKey: [alarmsUrl(tab, cursor)], placeholderData: keepPreviousData, staleTime: 0 });

export const useAlarm = (id: number | null) =>
  useQuery<Alarm>({ queryKey: [`/api/alarms/${id}`], enabled: id !== null, retry: false });

export function useAlarmAction() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: ({ alarm, action, note }: { alarm: Alarm; action: AlarmAction; note: string }) =>
      call<Alarm>("POST", `/api/alarms/${alarm.id}/${action}`, { body: { note: note.trim() || null }, timeoutMs: ALARM_CALL_TIMEOUT_MS }),
    networkMode: "always",
    onSuccess: (alarm) => cache.setQueryData([`/api/alarms/${alarm.id}`], alarm),
    // Done or refused (409: someone else got there first), every view of the alarms is read again.
    onSettled: () => void cache.invalidateQueries({ predicate: isAlarmQuery }),
  });
}
