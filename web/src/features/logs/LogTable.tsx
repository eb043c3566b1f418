// The access-log table every log screen uses (spec 1 §2, §4; spec 2 §2):
// TIMESTAMP, USER (DEVICE on a room's log), CREDENTIAL (the device's name on a
// user's log, the credential type elsewhere), ACTION, OUTCOME; a search sent to the server
// once typing pauses, the "All Events" and "Filters" choices, keyset paging on
// the server with a real pager, and "Export to CSV" of every filtered row. New
// decisions come in at the top of the first page as they are made (a pill says how
// many while scrolled down). On phones each entry is a card.
import { useId, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { CardList, type ListColumn, ListTable } from "../../ui/ListViews";
import { DownloadIcon, FilterIcon } from "../../ui/icons";
import { Pager } from "../../ui/Pager";
import { SearchField } from "../../ui/SearchField";
import { useIsPhone } from "../../ui/use_media_query";
import { formatTime } from "../../ui/format_time";
import { activeFilterCount, csvFileName, type LogEntry, type Outcome, outcomeDisplay } from "./log_display";
import { useLogTable } from "./use_log_table";
import { NewEventsPill } from "../../ui/live_rows";

type Props = {
  /** The log's API path, e.g. "/api/users/2/logs" or "/api/logs". */
  basePath: string;
  /** What the table says when the log is empty, e.g. "No access logs found for this user." */
  emptyText: string;
  /** The table's accessible name. */
  label?: string;
  /** The second column: who (USER) or, on a room's log, which door (DEVICE). */
  subject?: "user" | "device";
  /**
   * What CREDENTIAL shows: the device's name (the user log, spec 1 §2), the
   * credential type, or the type with the device under it (logs spanning many doors).
   */
  credential?: "device" | "type" | "type-and-device";
  /** The search box's placeholder and accessible name. */
  searchPlaceholder?: string;
  searchLabel?: string;
  /** What the table says when a search or filter leaves nothing. */
  noMatchText?: string;
};

type Columns = Required<Pick<Props, "subject" | "credential">>;

export const NO_MATCHING_LOGS = "No access logs match your search or filters.";
/** The room, device, group and global logs' empty text (spec 2 §2). */
export const LOG_ENTRIES_NO_MATCH = "No log entries found matching your search.";

export function LogTable({
  basePath,
  emptyText,
  label = "Access logs",
  subject = "user",
  credential = "device",
  searchPlaceholder = "Search logs...",
  searchLabel = "Search logs",
  noMatchText = NO_MATCHING_LOGS,
}: Props) {
  const columns: Columns = { subject, credential };
  const log = useLogTable(basePath);
  const phone = useIsPhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterPanelId = useId();
  const filterCount = activeFilterCount(log.filters);
  const narrowed = filterCount > 0 || log.filters.search.trim() !== "" || log.filters.event !== "all";
  const items = log.page?.items ?? [];

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "center" }}>
        <SearchField
          value={log.searchText}
          onChange={log.setSearchText}
          placeholder={searchPlaceholder}
          label={searchLabel}
          sx={{ flex: "1 1 220px" }}
        />
        <Select
          value={log.filters.event}
          onChange={(_, value) => log.setChoice("event", value ?? "all")}
          aria-label="Event"
          sx={{ minWidth: 150 }}
        >
          <Option value="all">All Events</Option>
          {log.events.map((event) => <Option key={event} value={event}>{event}</Option>)}
        </Select>
        <Button
          variant={filtersOpen || filterCount ? "soft" : "outlined"}
          color="neutral"
          startDecorator={<FilterIcon size={18} />}
          aria-expanded={filtersOpen}
          aria-controls={filterPanelId}
          onClick={() => setFiltersOpen((open) => !open)}
          endDecorator={filterCount ? <Chip size="sm" color="primary" variant="solid">{filterCount}</Chip> : undefined}
        >
          Filters
        </Button>
        <Button
          component="a"
          href={log.exportUrl}
          download={csvFileName(basePath)}
          variant="outlined"
          color="neutral"
          startDecorator={<DownloadIcon size={18} />}
        >
          Export to CSV
        </Button>
      </Box>

      {filtersOpen && (
        <Sheet
          id={filterPanelId}
          role="group"
          aria-label="Filters"
          variant="soft"
          sx={{ borderRadius: "sm", p: 1.5, display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-end" }}
        >
          <FormControl size="sm" sx={{ minWidth: 170 }}>
            <FormLabel>Outcome</FormLabel>
            <Select
              value={log.filters.outcome}
              onChange={(_, value) => log.setChoice("outcome", (value ?? "all") as Outcome)}
            >
              <Option value="all">All outcomes</Option>
              <Option value="success">Authorized Access</Option>
              <Option value="denied">Access Denied</Option>
            </Select>
          </FormControl>
          <FormControl size="sm">
            <FormLabel>From</FormLabel>
            <Input type="date" value={log.filters.from} onChange={(e) => log.setChoice("from", e.target.value)} />
          </FormControl>
          <FormControl size="sm">
            <FormLabel>To</FormLabel>
            <Input type="date" value={log.filters.to} onChange={(e) => log.setChoice("to", e.target.value)} />
          </FormControl>
          <Button size="sm" variant="plain" color="neutral" disabled={!filterCount} onClick={log.clearFilters}>
            Clear filters
          </Button>
        </Sheet>
      )}

      {log.isLoading
        ? <Typography level="body-sm" role="status">Loading logs...</Typography>
        : items.length === 0
        ? <EmptyState>{log.isError ? "Failed to fetch logs" : narrowed ? noMatchText : emptyText}</EmptyState>
        : (
          <Box aria-busy={log.isUpdating} sx={{ opacity: log.isStale ? 0.6 : 1, transition: "opacity 150ms" }}>
            {phone ? <LogCards items={items} label={label} columns={columns} /> : <LogRows items={items} label={label} columns={columns} />}
          </Box>
        )}

      <NewEventsPill count={log.live.waiting} onClick={log.live.showNew} />
      <Pager label={log.pager} canPrevious={log.canPrevious} canNext={log.canNext} onPrevious={log.previous} onNext={log.next} />
    </Box>
  );
}

function OutcomeChip({ outcome }: { outcome: string }) {
  const shown = outcomeDisplay(outcome);
  return <Chip size="sm" variant="soft" color={shown.color}>{shown.label}</Chip>;
}

const subjectOf = (entry: LogEntry, { subject }: Columns) => (subject === "device" ? entry.deviceName : entry.userName) ?? "—";
// A member's unlock from the app (spec 3 §4) has no device: its credential, Face ID, says how.
const credentialOf = (entry: LogEntry, { credential }: Columns) =>
  (credential === "device" ? entry.deviceName ?? entry.credentialType : entry.credentialType) ?? "—";

function CredentialCell({ entry, columns }: { entry: LogEntry; columns: Columns }) {
  if (columns.credential !== "type-and-device") return <>{credentialOf(entry, columns)}</>;
  return (
    <>
      {credentialOf(entry, columns)}
      <Typography level="body-xs" noWrap>{entry.deviceName ?? "—"}</Typography>
    </>
  );
}

type RowsProps = { items: LogEntry[]; label: string; columns: Columns };

const logColumns = (columns: Columns): ListColumn<LogEntry>[] => [
  { header: "TIMESTAMP", width: "24%", cell: (entry) => formatTime(entry.timestamp) },
  { header: columns.subject === "device" ? "DEVICE" : "USER", width: "20%", cell: (entry) => subjectOf(entry, columns) },
  { header: "CREDENTIAL", width: "22%", cell: (entry) => <CredentialCell entry={entry} columns={columns} /> },
  { header: "ACTION", width: "14%", cell: (entry) => entry.action },
  { header: "OUTCOME", width: "20%", cell: (entry) => <OutcomeChip outcome={entry.outcome} /> },
];

function LogRows({ items, label, columns }: RowsProps) {
  return (
    <ListTable
      label={label}
      items={items}
      columns={logColumns(columns)}
      sx={{ minWidth: 680, "& td": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } }}
    />
  );
}

function LogCards({ items, label, columns }: RowsProps) {
  return (
    <CardList
      label={label}
      items={items}
      sx={{ flexDirection: "column", alignItems: "stretch", gap: 0.5 }}
      card={(entry) => (
        <>
          <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "center" }}>
            <Typography level="body-xs">{formatTime(entry.timestamp)}</Typography>
            <OutcomeChip outcome={entry.outcome} />
          </Box>
          <Typography level="title-sm">{subjectOf(entry, columns)}</Typography>
          <Typography level="body-sm">
            {entry.action} · {credentialOf(entry, columns)}
            {columns.credential === "type-and-device" ? ` · ${entry.deviceName ?? "—"}` : ""}
          </Typography>
        </>
      )}
    />
  );
}
