// The two shapes every list takes (users' aside, which are windowed): a table
// on tablets and desktops, with a header row (and fixed column widths where
// given), and on phones a list of outlined cards, one per item. Both are named for assistive
// technology; a row or card that opens its item does so only when the click
// was not on one of its own links or buttons.
import type { CSSProperties, MouseEvent, ReactNode } from "react";
import Box from "@mui/joy/Box";
import Sheet from "@mui/joy/Sheet";
import type { SxProps } from "@mui/joy/styles/types";
import Table from "@mui/joy/Table";
import { onRowItself } from "./row_click";
import { ScrollRegion } from "./ScrollRegion";
import { useIsPhone } from "./use_media_query";

export type ListColumn<T> = {
  header: string;
  /** The column's share; with every column's given, the widths are fixed. */
  width?: string;
  cell: (item: T) => ReactNode;
  /** The cells' own style (right-aligned actions, an ellipsis for long text). */
  style?: CSSProperties;
};

type Keyed = { id: number } | { userId: number };
const keyOf = (item: Keyed) => ("id" in item ? item.id : item.userId);

type TableProps<T extends Keyed> = {
  label: string;
  items: T[];
  columns: ListColumn<T>[];
  /** Opens the item when its row is clicked (the row then shows it can be). */
  onOpen?: (item: T) => void;
  sx?: SxProps;
};

export function ListTable<T extends Keyed>({ label, items, columns, onOpen, sx }: TableProps<T>) {
  return (
    // A table wider than the screen scrolls sideways (just above phone width, or
    // while a resize has yet to bring the cards).
    <ScrollRegion label={label} variant="outlined" sx={{ borderRadius: "sm" }}>
      <Table
        aria-label={label}
        hoverRow={Boolean(onOpen)}
        sx={[{ tableLayout: columns.every((c) => c.width) ? "fixed" : "auto" }, onOpen ? { "& tbody tr": { cursor: "pointer" } } : {}, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" style={{ width: column.width, textAlign: column.style?.textAlign }}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={keyOf(item)} onClick={onOpen && ((e: MouseEvent) => onRowItself(e) && onOpen(item))}>
              {columns.map((column) => <td key={column.header} style={column.style}>{column.cell(item)}</td>)}
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

type CardProps<T extends Keyed> = {
  label: string;
  items: T[];
  card: (item: T) => ReactNode;
  onOpen?: (item: T) => void;
  /** The card's own layout (by default its content in a row, a little apart). */
  sx?: SxProps;
};

export function CardList<T extends Keyed>({ label, items, card, onOpen, sx }: CardProps<T>) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
      {items.map((item) => (
        <Sheet
          component="li"
          key={keyOf(item)}
          variant="outlined"
          onClick={onOpen && ((e: MouseEvent) => onRowItself(e) && onOpen(item))}
          sx={[
            { borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "flex-start" },
            onOpen ? { cursor: "pointer" } : {},
            ...(Array.isArray(sx) ? sx : [sx]),
          ]}
        >
          {card(item)}
        </Sheet>
      ))}
    </Box>
  );
}

type ViewProps<T extends Keyed> = Omit<TableProps<T>, "sx"> & Pick<CardProps<T>, "card"> & {
  /** The table's own layout (its least width). */
  tableSx?: SxProps;
};

/** The list as a table, or on phones as cards. */
export function ListView<T extends Keyed>({ card, tableSx, ...list }: ViewProps<T>) {
  const phone = useIsPhone();
  return phone ? <CardList {...list} card={card} /> : <ListTable {...list} sx={tableSx} />;
}
