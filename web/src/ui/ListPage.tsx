// A dashboard list page (users, groups, rooms): its heading with the Add
// button, the search with "Show Deactivated", the rows (or loading, failed,
// empty), and "1-n of n" under them; its dialogs after. useListFilters keeps
// the search and the switch.
import { type ReactNode, useState } from "react";
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

type Props = {
  title: string;
  subtitle?: string;
  add: { label: string; onClick: () => void };
  /** From useListFilters, with the search box's placeholder and accessible name. */
  controls: ReturnType<typeof useListFilters>["controls"];
  searchText: { placeholder: string; label: string };
  state: { loading: boolean; loadingText: string; failed: string | null; empty: string | null };
  /** How many rows are shown, for "1-n of n". */
  count: number;
  rows: ReactNode;
  /** The page's dialogs. */
  children: ReactNode;
};

export function ListPage({ title, subtitle, add, controls, searchText, state, count, rows, children }: Props) {
  return (
    <PageBody>
      <PageHeader title={title} subtitle={subtitle} actions={<AddButton {...add} />} />
      <ListFilters search={{ ...controls.search, ...searchText }} showDeactivated={controls.showDeactivated} />
      <ListState {...state}>{rows}</ListState>
      <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(count)}</Typography>
      {children}
    </PageBody>
  );
}
