// A log page's live rows (spec 3 §6): when new events arrive the page reads its
// first page again, so they show at the top; while the reader is scrolled down,
// the rows stay put and a pill says how many arrived (`N new events`), taking
// them to the top when clicked (or when they scroll back up). Reads are at most
// one a second, whatever the rate of events (doors at 500 decisions a second).
//
// The pill counts the rows the page would now show above its top row, read from
// the server (its first page, outside the cache, so the rows shown stay put): an
// event the page's search, filters or subject leave out is not counted, and the
// server alone decides what matches. More than a page of them: `N+ new events`.
import { useEffect, useRef, useState } from "react";
import Button from "@mui/joy/Button";
import { type LiveType, useLiveEvents } from "../api/live_events";
import { call } from "../api/client";
import { useReadSoon } from "./use_read_soon";

/** Scrolled this little, the reader is at the top and sees new rows come in. */
const TOP_PX = 80;

/** What the pill says: this many new rows, and whether there are more beyond a page. */
export type NewRows = { count: number; more: boolean };
const NONE: NewRows = { count: 0, more: false };

export const newEventsText = ({ count, more }: NewRows) =>
  `${count}${more ? "+" : ""} new event${count === 1 && !more ? "" : "s"}`;

/** A first page as the server answers it: newest first. */
type FirstPage = { items: { id: number }[]; nextCursor: string | null };

/** The rows of `page` above the row `topId` (all of them when it is gone or there was none). */
export function rowsAbove(page: FirstPage, topId: number | undefined): NewRows {
  const at = page.items.findIndex((item) => item.id === topId);
  return at >= 0 ? { count: at, more: false } : { count: page.items.length, more: page.nextCursor !== null };
}

/**
 * Live rows of `types` for a page whose first page is `url` (its top row `topId`),
 * read again by `read`; `enabled` on that first page only.
 */
export function useLiveRows(
  types: readonly LiveType[],
  first: { url: string; topId: number | undefined; read: () => void },
  enabled: boolean,
) {
  const [waiting, setWaiting] = useState<NewRows>(NONE);
  const latest = useRef(first);
  useEffect(() => {
    latest.current = first;
  });
  const readSoon = useReadSoon(() => latest.current.read());
  const countSoon = useReadSoon(() => {
    const { url } = latest.current;
    call<FirstPage>("GET", url).then((page) => {
      // Scrolled back up, or the filters changed, while it was asked for: nothing to count.
      if (latest.current.url !== url || window.scrollY <= TOP_PX) return;
      setWaiting(rowsAbove(page, latest.current.topId));
    }, () => { /* offline or refused: the pill keeps what it said */ });
  });
  useLiveEvents(types, (type) => {
    if (type === "open" || type === "resync" || window.scrollY <= TOP_PX) readSoon();
    else countSoon();
  }, enabled);
  useEffect(() => {
    if (!waiting.count) return;
    const onScroll = () => {
      if (window.scrollY > TOP_PX) return;
      setWaiting(NONE);
      readSoon();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  });
  // Other filters: another page, whose own events are counted from now on.
  useEffect(() => setWaiting(NONE), [first.url]);
  return {
    waiting: enabled ? waiting : NONE,
    showNew: () => {
      setWaiting(NONE);
      window.scrollTo({ top: 0 });
      readSoon();
    },
  };
}

/** The `N new events` pill, floating at the top while the reader is scrolled down. */
export function NewEventsPill({ count, onClick }: { count: NewRows; onClick: () => void }) {
  if (!count.count) return null;
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
