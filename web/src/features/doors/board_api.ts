// The Doors board's read (spec 4 §1 GET /api/doors), cached like every read so it shows
// offline with the time it was saved, and kept live: each door.changed puts that
// door's new entry in place; a change that may move every door's list or lock (an
// admin change, a lockdown), a (re)connection, or a door not on the board reads it
// again (at most once a second); and so does half a minute passing, for the one part no
// event announces: an offline door's list falling behind (api/doors/watch.ts announces
// a door falling silent, and a lock moved by the clock). A change that
// lands while a read is on its way is read again after it: that read's answer may
// predate the change, and would put the door back as it was.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "../../api/live_events";
import { useReadSoon } from "../../ui/use_read_soon";
import { type DoorEntry, withDoorChanged } from "./board_rules";

export const DOOR_BOARD_KEY = ["/api/doors"] as const;
const READ_AGAIN_MS = 30_000;
const BOARD_EVENTS = ["door.changed", "admin.change", "lockdown.started", "lockdown.ended", "resync", "open"] as const;

export function useDoorBoard() {
  const cache = useQueryClient();
  const board = useQuery<DoorEntry[]>({ queryKey: DOOR_BOARD_KEY, staleTime: 0, refetchInterval: READ_AGAIN_MS });
  const readSoon = useReadSoon(() => void cache.invalidateQueries({ queryKey: DOOR_BOARD_KEY }));
  useLiveEvents(BOARD_EVENTS, (type, data) => {
    if (type === "door.changed") {
      const held = cache.getQueryData<DoorEntry[]>(DOOR_BOARD_KEY);
      const next = held && withDoorChanged(held, data as DoorEntry);
      if (next) {
        cache.setQueryData(DOOR_BOARD_KEY, next);
        if (cache.isFetching({ queryKey: DOOR_BOARD_KEY }) === 0) return;
      }
    }
    readSoon();
  }, true);
  return board;
}
