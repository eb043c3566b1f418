// Windowed rendering for long lists (spec: stays smooth with 10,000 users):
// only the rows in view, plus a few either side, are in the DOM; spacers above
// and below keep the scroll height of the whole list. Rows have a fixed height,
// so nothing is measured while scrolling. Two forms: a table (tablets and
// desktops) and a list of cards (phones). Each scrolls in its own ScrollRegion.
import { type ReactNode, useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import Table from "@mui/joy/Table";
import type { SxProps } from "@mui/joy/styles/types";
import { ScrollRegion } from "./ScrollRegion";

const OVERSCAN = 6;

function useWindow(count: number, rowHeight: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    // React 19 warns about flushSync during render; a frame's lag is invisible here.
    useFlushSync: false,
    // Before the first measurement (and in tests without layout) show a screenful.
    initialRect: { width: 0, height: 800 },
  });
  const rows = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const top = rows.length ? rows[0].start : 0;
  const bottom = rows.length ? total - rows[rows.length - 1].end : 0;
  return { scrollRef, rows, top, bottom };
}

type Common<T> = {
  items: T[];
  /** Every row's height in px: rows must not grow (truncate long text). */
  rowHeight: number;
  /** The scroll region's accessible name. */
  label: string;
  /** Tallest the region grows before it scrolls. */
  maxHeight?: string;
  getKey: (item: T) => string | number;
  sx?: SxProps;
};

const DEFAULT_MAX_HEIGHT = "max(320px, calc(100dvh - 290px))";

/** A table whose body renders only the rows in view. `renderRow` returns the row's cells. */
export function WindowedTable<T>({
  items,
  rowHeight,
  label,
  maxHeight = DEFAULT_MAX_HEIGHT,
  getKey,
  head,
  columns,
  renderRow,
  sx,
}: Common<T> & { head: ReactNode; columns: number; renderRow: (item: T, index: number) => ReactNode }) {
  const { scrollRef, rows, top, bottom } = useWindow(items.length, rowHeight);
  return (
    <ScrollRegion scrollRef={scrollRef} label={label} variant="outlined" sx={{ maxHeight, borderRadius: "sm", ...sx }}>
      <Table stickyHeader aria-label={label} aria-rowcount={items.length + 1} sx={{ tableLayout: "fixed" }}>
        <thead>
          <tr aria-rowindex={1}>{head}</tr>
        </thead>
        <tbody>
          {top > 0 && <Spacer height={top} columns={columns} />}
          {rows.map((row) => {
            const item = items[row.index];
            return (
              <tr key={getKey(item)} aria-rowindex={row.index + 2} style={{ height: rowHeight }} data-row>
                {renderRow(item, row.index)}
              </tr>
            );
          })}
          {bottom > 0 && <Spacer height={bottom} columns={columns} />}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

/** A list of cards rendering only the cards in view (the phone layout). */
export function WindowedList<T>({
  items,
  rowHeight,
  label,
  maxHeight = DEFAULT_MAX_HEIGHT,
  getKey,
  renderItem,
  sx,
}: Common<T> & { renderItem: (item: T, index: number) => ReactNode }) {
  const { scrollRef, rows, top, bottom } = useWindow(items.length, rowHeight);
  return (
    <ScrollRegion scrollRef={scrollRef} label={label} variant="plain" sx={{ maxHeight, bgcolor: "transparent", ...sx }}>
      <ul
        aria-label={label}
        style={{ listStyle: "none", margin: 0, padding: 0, paddingTop: top, paddingBottom: bottom }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          return (
            <li
              key={getKey(item)}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              style={{ height: rowHeight, boxSizing: "border-box", paddingBottom: 8 }}
              data-row
            >
              {renderItem(item, row.index)}
            </li>
          );
        })}
      </ul>
    </ScrollRegion>
  );
}
