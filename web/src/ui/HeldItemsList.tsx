// What a group or room holds, on its tab (a group's members and rooms, a room's
// devices; spec 1 §2, spec 2 §2): a search and an add button above; a table on wider
// screens, a card per item on phones; each item's Remove asks before it acts.
import { type ReactNode, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Typography from "@mui/joy/Typography";
import { ConfirmDialog } from "./ConfirmDialog";
import { EmptyState } from "./EmptyState";
import { PlusIcon } from "./icons";
import { CardList, type ListColumn, ListTable } from "./ListViews";
import { SearchField } from "./SearchField";
import { useIsPhone } from "./use_media_query";


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
  columns: ListColumn<T>[];
  actionsWidth: string;
  /** A phone card's content, left of its Remove button. */
  card: (item: T) => ReactNode;
  nameOf: (item: T) => string;
  /** The confirmation; `confirm` starts the change and calls `settled` once it is done or refused (the dialog then closes). */
  removal: { title: string; busy: boolean; text: (item: T) => ReactNode; confirm: (item: T, settled: () => void) => void };
  /** The add dialog. */
  children: ReactNode;
};

export function HeldItemsList<T extends { id: number }>(props: Props<T>) {
  const { label, items, columns, nameOf, removal } = props;
  const [removing, setRemoving] = useState<T | null>(null);
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
          <CardList
            label={label}
            items={shown}
            sx={{ alignItems: "center" }}
            card={(item) => (
              <>
                <Box sx={{ flex: 1, minWidth: 0 }}>{props.card(item)}</Box>
                {remove(item)}
              </>
            )}
          />
        )
        : <ListTable label={label} items={shown} columns={[...columns, { header: "ACTIONS", width: props.actionsWidth, cell: remove, style: { textAlign: "right" } }]} />}

      {props.children}
      <ConfirmDialog
        open={removing !== null}
        title={removal.title}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={removal.busy}
        onConfirm={() => removing && removal.confirm(removing, () => setRemoving(null))}
        onClose={() => setRemoving(null)}
      >
        {removing && removal.text(removing)}
      </ConfirmDialog>
    </Box>
  );
}
