// What a group or room holds, on its tab (a group's members and rooms, a room's
// devices; spec 1 §2, spec 2 §2): a search and an add button above; a table on wider
// screens, a card per item on phones; each item's Remove asks before it acts.
import { type CSSProperties, type ReactNode, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { ConfirmDialog } from "./ConfirmDialog";
import { EmptyState } from "./EmptyState";
import { PlusIcon } from "./icons";
import { SearchField } from "./SearchField";
import { useIsPhone } from "./use_media_query";

export type HeldColumn<T> = {
  header: string;
  width: string;
  cell: (item: T) => ReactNode;
  /** The cells' own style (e.g. to cut long text with an ellipsis). */
  style?: CSSProperties;
};

type Props<T extends { id: number }> = {
  /** Names the table (or, on phones, the list) for assistive technology. */
  label: string;
  items: T[];
  loading: boolean;
  loadingText: string;
  /** What shows when nothing does: for this search, or when the list failed to load. */
  emptyText: (search: string) => string;
  search: { placeholder: string; label: string; filter: (items: T[], search: string) => T[] };
  add: { label: string; onClick: () => void };
  /** The table's columns before ACTIONS, which takes the rest of the width. */
  columns: HeldColumn<T>[];
  actionsWidth: string;
  /** A phone card's content, left of its Remove button. */
  card: (item: T) => ReactNode;
  nameOf: (item: T) => string;
  /** The item whose removal is being confirmed; the caller closes it when its change settles. */
  removing: T | null;
  setRemoving: (item: T | null) => void;
  removal: { title: string; busy: boolean; text: (item: T) => ReactNode; confirm: (item: T) => void };
  /** The add dialog. */
  children: ReactNode;
};

export function HeldItemsList<T extends { id: number }>(props: Props<T>) {
  const { label, items, columns, nameOf, removing, setRemoving, removal } = props;
  const phone = useIsPhone();
  const [search, setSearch] = useState("");
  const shown = props.search.filter(items, search);
  const remove = (item: T) => (
    <Button size="sm" variant="plain" color="danger" aria-label={`Remove ${nameOf(item)}`} onClick={() => setRemoving(item)}>
      Remove
    </Button>
  );

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, justifyContent: "space-between" }}>
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder={props.search.placeholder}
          label={props.search.label}
          sx={{ flex: "1 1 220px", maxWidth: 420 }}
        />
        <Button startDecorator={<PlusIcon size={18} />} onClick={props.add.onClick}>{props.add.label}</Button>
      </Box>
      {props.loading
        ? <Typography role="status">{props.loadingText}</Typography>
        : shown.length === 0
        ? <EmptyState>{props.emptyText(search)}</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {shown.map((item) => (
              <Sheet component="li" key={item.id} variant="outlined" sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "center" }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>{props.card(item)}</Box>
                {remove(item)}
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label={label} sx={{ tableLayout: "fixed" }}>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col" style={{ width: column.width }}>{column.header}</th>
                  ))}
                  <th scope="col" style={{ width: props.actionsWidth, textAlign: "right" }}>ACTIONS</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((item) => (
                  <tr key={item.id}>
                    {columns.map((column) => <td key={column.header} style={column.style}>{column.cell(item)}</td>)}
                    <td style={{ textAlign: "right" }}>{remove(item)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}

      {props.children}
      <ConfirmDialog
        open={removing !== null}
        title={removal.title}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removal.busy}
        onConfirm={() => removing && removal.confirm(removing)}
        onClose={() => setRemoving(null)}
      >
        {removing && removal.text(removing)}
      </ConfirmDialog>
    </Box>
  );
}
