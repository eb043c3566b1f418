// The lockdown banner's part of the live channel (api/live_events.ts): a lockdown
// started or ended anywhere re-reads the active lockdowns at once, so its banner
// shows on every open dashboard within a second (spec 3 §2, §6); so do `resync`
// and every (re)connection.
import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "../../api/live_events";
import { ACTIVE_LOCKDOWNS_KEY } from "./api";

const LOCKDOWN_EVENTS = ["lockdown.started", "lockdown.ended", "resync", "open"] as const;

export function useLockdownEvents(enabled: boolean) {
  const cache = useQueryClient();
  useLiveEvents(LOCKDOWN_EVENTS, () => void cache.invalidateQueries({ queryKey: ACTIVE_LOCKDOWNS_KEY }), enabled);
}
