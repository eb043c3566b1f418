// A dashboard list page (users, groups, rooms): its heading with the Add
// button, the search with "Show Deactivated", the rows (or loading, failed,
// empty), and "1-n of n" under them; its dialogs after. useListFilters keeps
// the search and the switch. A list on a tab (schedules, holiday calendars,
// devices) is the same below its filters: a ListTab.
import { type ReactNode, useState } from "react";
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import { AddButton, ListFilters, ListState } from "./ListControls";
import { PageBody, PageHeader } from "./PageHeader";
import { allRowsLabel } from "./range_label";

export function useListFilters() {
  const [search, setSearch] = useState("");
  const [showDeactivated, setShowDeactivated] = useState(false);
  const controls = { search: { value: search, onChange: setSearch }, showDeactivated: { checked: showDeactivated, onChange: setShowDeactivated } };
  return { search, showDeactivated, controls };
}

type State = {
  loading: boolean;
  loadingText: string;
  failed: string | null;
  empty: string | null;
  /** How many rows are shown, for "1-n of n". */
  count: number;
};

/** A list read by a query: loading until it answers, failed only with nothing to show, empty when no row is shown. */
export const listStateOf = (
  list: { isPending: boolean; isError: boolean; data?: unknown },
  shown: number,
  texts: { loading: string; failed: string; empty: string },
): State => ({
  loading: list.isPending,
  loadingText: texts.loading,
  failed: list.isError && !list.data ? texts.failed : null,
  empty: shown === 0 ? texts.empty : null,
  count: shown,
});

type RowsProps = {
  state: State;
  rows: ReactNode;
  /** The list's dialogs. */
  children: ReactNode;
};

/** The rows (or loading, failed, empty), "1-n of n" under them, the dialogs after. */
function ListRows({ state: { count, ...state }, rows, children }: RowsProps) {
  return (
    <>
      <ListState {...state}>{rows}</ListState>
      <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(count)}</Typography>
      {children}
    </>
  );
}

/** A list on a tab: its filters (search, Add …) above the rows. */
export function ListTab({ filters, ...rows }: RowsProps & { filters: ReactNode }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      {filters}
      <ListRows {...rows} />
    </Box>
  );
}

type Props = {
  title: string;
  subtitle?: string;
  add: { label: string; onClick: () => void };
  /** From useListFilters, with the search box's placeholder and accessible name. */
  controls: ReturnType<typeof useListFilters>["controls"];
  searchText: { placeholder: string; label: string };
  /** The page's tabs (ui/TabLinks), between its heading and its search. */
  tabs?: ReactNode;
} & RowsProps;

export function ListPage({ title, subtitle, add, controls, searchText, tabs, state, rows, children }: Props) {
  return (
    <PageBody>
      <PageHeader title={title} subtitle={subtitle} actions={<AddButton {...add} />} />
      {tabs}
      <ListFilters search={{ ...controls.search, ...searchText }} showDeactivated={controls.showDeactivated} />
      <ListRows state={state} rows={rows}>{children}</ListRows>
    </PageBody>
  );
}
