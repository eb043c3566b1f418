// The dashboards' live channel (GET /api/events/stream, admin): a lockdown
// started or ended anywhere re-reads the active lockdowns at once, so its banner
// shows on every open dashboard within a second (spec 3 §2, §6). `resync` (the
// server may have missed a change) and every (re)connection re-read them too,
// since nothing is replayed. Open only while an admin is signed in here: the
// screens that call it are shown to a signed-in admin alone, and unmount on
// sign-out, which closes the stream, so nothing of one person reaches the next
// on a shared tablet. Not opened while a sign-out is still owed to the server
// (the cookie would still be the previous person's).
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { endPendingSession } from "../../api/client";
import { ACTIVE_LOCKDOWNS_KEY } from "./api";

export const EVENTS_PATH = "/api/events/stream";
const LOCKDOWN_EVENTS = ["lockdown.started", "lockdown.ended", "resync"] as const;

export function useLockdownEvents(enabled: boolean) {
  const cache = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let closed = false;
    let source: EventSource | undefined;
    const readAgain = () => void cache.invalidateQueries({ queryKey: ACTIVE_LOCKDOWNS_KEY });
    void endPendingSession().then((clear) => {
      if (closed || !clear) return;
      // Same origin: the session cookie goes with it.
      source = new EventSource(EVENTS_PATH, { withCredentials: true });
      source.addEventListener("open", readAgain);
      for (const type of LOCKDOWN_EVENTS) source.addEventListener(type, readAgain);
    });
    return () => {
      closed = true;
      source?.close();
    };
  }, [cache, enabled]);
}
