// A log page's live rows (spec 3 §6): when new events arrive the page reads its
// first page again, so they show at the top; while the reader is scrolled down,
// the rows stay put and a pill says how many arrived (`N new events`), taking
// them to the top when clicked (or when they scroll back up). Reads are at most
// one a second, whatever the rate of events (doors at 500 decisions a second).
import { useEffect, useState } from "react";
import Button from "@mui/joy/Button";
import { type LiveType, useLiveEvents } from "../api/live_events";
import { useReadSoon } from "./use_read_soon";

/** Scrolled this little, the reader is at the top and sees new rows come in. */
const TOP_PX = 80;

export const newEventsText = (n: number) => `${n} new event${n === 1 ? "" : "s"}`;

/** Live rows of `types` for a page whose first page `read` reads again; `enabled` on that first page only. */
export function useLiveRows(types: readonly LiveType[], read: () => void, enabled: boolean) {
  const [waiting, setWaiting] = useState(0);
  const readSoon = useReadSoon(read);
  useLiveEvents(types, (type) => {
    if (type === "open" || type === "resync" || window.scrollY <= TOP_PX) readSoon();
    else setWaiting((n) => n + 1);
  }, enabled);
  useEffect(() => {
    if (!waiting) return;
    const onScroll = () => {
      if (window.scrollY > TOP_PX) return;
      setWaiting(0);
      readSoon();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  });
  return {
    waiting: enabled ? waiting : 0,
    showNew: () => {
      setWaiting(0);
      window.scrollTo({ top: 0 });
      readSoon();
    },
  };
}

/** The `N new events` pill, floating at the top while the reader is scrolled down. */
export function NewEventsPill({ count, onClick }: { count: number; onClick: () => void }) {
  if (!count) return null;
  return (
    <Button
      size="sm"
      onClick={onClick}
      sx={{ position: "fixed", top: 72, left: "50%", transform: "translateX(-50%)", zIndex: 1100, borderRadius: "xl", boxShadow: "md" }}
    >
      {newEventsText(count)}
    </Button>
  );
}
