// The members' live channel (GET /api/me/stream): `changed` when the member's doors
// or the active lockdowns change (groups, grants, schedules, rooms, lockdowns,
// through any server), and `Your Doors` and the banner read again. Reconnecting
// sends Last-Event-ID, so a view still current is not read again. The clock's own
// changes (a schedule opening) come with no event: the list is read again at its
// doors' first nextChange. Open only while /app shows a signed-in member; closed on
// sign-out (unmount), and not opened while a sign-out is still owed to the server.
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { endPendingSession } from "../../api/client";
import { MEMBER_LOCKDOWNS_KEY } from "../lockdown/public";
import { MEMBER_DOORS_KEY } from "./api";
import { nextRead, type Door } from "./door_rules";

export const MEMBER_EVENTS_PATH = "/api/me/stream";
/** After the change, so the server's clock has passed it too. */
const AFTER_CHANGE_MS = 1_000;
/** setTimeout's longest delay; a change further off is looked at again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function useMemberEvents(doors: readonly Door[] | undefined) {
  const cache = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let closed = false;
    let source: EventSource | undefined;
    void endPendingSession().then((clear) => {
      if (closed || !clear) return;
      // Same origin: the session cookie goes with it.
      source = new EventSource(MEMBER_EVENTS_PATH, { withCredentials: true });
      source.addEventListener("changed", () => {
        void cache.invalidateQueries({ queryKey: MEMBER_DOORS_KEY });
        void cache.invalidateQueries({ queryKey: MEMBER_LOCKDOWNS_KEY });
      });
    });
    return () => {
      closed = true;
      source?.close();
    };
  }, [cache]);

  const next = doors ? nextRead(doors) : null;
  useEffect(() => {
    if (next === null) return;
    const wait = Math.min(LONGEST_TIMER_MS, Math.max(0, next - Date.now()) + AFTER_CHANGE_MS);
    const timer = setTimeout(() => void cache.invalidateQueries({ queryKey: MEMBER_DOORS_KEY }), wait);
    return () => clearTimeout(timer);
  }, [cache, next]);
}
