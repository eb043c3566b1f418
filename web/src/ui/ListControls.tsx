// The controls above a list page's rows (users, groups, rooms, devices): the
// "Add …" button, the search with "Show Deactivated" (and any other filter),
// and what shows instead of the rows while they load, when they failed to
// load, or when none match.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import type { SxProps } from "@mui/joy/styles/types";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "./EmptyState";
import { PlusIcon } from "./icons";
import { SearchField } from "./SearchField";
import { LabelledSwitch } from "./LabelledSwitch";

export function AddButton({ label, onClick, sx }: { label: string; onClick: () => void; sx?: SxProps }) {
  return <Button startDecorator={<PlusIcon size={18} />} onClick={onClick} sx={sx}>{label}</Button>;
}

type FiltersProps = {
  search: { value: string; onChange: (value: string) => void; placeholder: string; label: string };
  /** For lists of things that can be switched off. */
  showDeactivated?: { checked: boolean; onChange: (checked: boolean) => void };
  /** More filters, between the search and the switch. */
  filters?: ReactNode;
  /** Actions after the switch. */
  children?: ReactNode;
  gap?: number;
};

export function ListFilters({ search, showDeactivated, filters, children, gap = 2 }: FiltersProps) {
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap, alignItems: "center" }}>
      <SearchField {...search} sx={{ flex: "1 1 240px", maxWidth: 420 }} />
      {filters}
      {showDeactivated && <LabelledSwitch label="Show Deactivated" {...showDeactivated} />}
      {children}
    </Box>
  );
}

type StateProps = {
  loading: boolean;
  loadingText: string;
  /** Set when the list could not be read at all. */
  failed?: string | null;
  /** Set when there is nothing to show (none, or none matching). */
  empty: string | null;
  /** The rows. */
  children: ReactNode;
};

/** The rows, or instead of them "Loading…", the failure, or the empty text. */
export function ListState({ loading, loadingText, failed, empty, children }: StateProps) {
  if (loading) return <Typography role="status">{loadingText}</Typography>;
  if (failed) return <EmptyState>{failed}</EmptyState>;
  if (empty !== null) return <EmptyState>{empty}</EmptyState>;
  return <>{children}</>;
}
