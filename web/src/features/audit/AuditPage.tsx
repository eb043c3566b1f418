// /dash/audit (spec 3 §5): every admin change, sign-in and sign-out, newest
// first: TIME, ACTOR, ACTION, TARGET, CHANGES (before → after, the rest on
// demand), a search sent to the server, the action and date filters, keyset
// pages, "Export to CSV" of every filtered event and "Verify integrity" of the
// hash chain. Opened from a user's, group's, room's or device's "View history",
// it shows that thing's events only. On phones each event is a card.
import { useState } from "react";
import Alert from "@mui/joy/Alert";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import ChipDelete from "@mui/joy/ChipDelete";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { EmptyState } from "../../ui/EmptyState";
import { CardList, type ListColumn, ListTable } from "../../ui/ListViews";
import { AuditIcon, DownloadIcon } from "../../ui/icons";
import { Pager } from "../../ui/Pager";
import { SearchField } from "../../ui/SearchField";
import { useIsPhone } from "../../ui/use_media_query";
import { formatTime } from "../../ui/format_time";
import { actorText, AUDIT_TEXTS as T, type AuditEvent, changeLines, targetText } from "./audit_display";
import { useAuditTable } from "./use_audit_table";
import { NewEventsPill } from "../../ui/live_rows";

export default function AuditPage() {
  usePageMeta(T.title);
  const audit = useAuditTable();
  const phone = useIsPhone();
  const { filters } = audit;
  const narrowed = filters.search.trim() !== "" || filters.action !== "all" || Boolean(filters.from || filters.to || filters.targetType);
  const items = audit.page?.items ?? [];

  return (
    <PageBody>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button variant="outlined" color="neutral" startDecorator={<AuditIcon size={18} />} loading={audit.verifying} onClick={() => void audit.verify()}>
              {T.verify}
            </Button>
            <Button component="a" href={audit.exportUrl} download="audit-log.csv" variant="outlined" color="neutral" startDecorator={<DownloadIcon size={18} />}>
              Export to CSV
            </Button>
          </Box>
        }
      />
      {audit.verdict && (
        <Alert role="status" color={audit.verdict.ok ? "success" : "danger"} variant="soft">
          {audit.verdict.text}
        </Alert>
      )}
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "flex-end" }}>
        <SearchField
          value={audit.searchText}
          onChange={audit.setSearchText}
          placeholder="Search by person, action or target..."
          label="Search the audit log"
          sx={{ flex: "1 1 240px" }}
        />
        <Select value={filters.action} onChange={(_, value) => audit.setChoice("action", value ?? "all")} aria-label="Action" sx={{ minWidth: 190 }}>
          <Option value="all">All actions</Option>
          {audit.actions.map((action) => <Option key={action} value={action}>{action}</Option>)}
        </Select>
        <FormControl size="sm">
          <FormLabel>From</FormLabel>
          <Input type="date" value={filters.from} onChange={(e) => audit.setChoice("from", e.target.value)} />
        </FormControl>
        <FormControl size="sm">
          <FormLabel>To</FormLabel>
          <Input type="date" value={filters.to} onChange={(e) => audit.setChoice("to", e.target.value)} />
        </FormControl>
      </Box>
      {filters.targetType && (
        <Box>
          <Chip variant="soft" color="primary" endDecorator={<ChipDelete aria-label="Show every event" onDelete={audit.clearChoices} />}>
            {`History of ${filters.targetType} #${filters.targetId}`}
          </Chip>
        </Box>
      )}

      {audit.isLoading
        ? <Typography level="body-sm" role="status">Loading audit events...</Typography>
        : items.length === 0
        ? <EmptyState>{audit.isError ? T.fetchFailed : narrowed ? T.noMatch : T.empty}</EmptyState>
        : (
          <Box aria-busy={audit.isUpdating} sx={{ opacity: audit.isStale ? 0.6 : 1, transition: "opacity 150ms" }}>
            {phone ? <EventCards items={items} /> : <EventRows items={items} />}
          </Box>
        )}

      <NewEventsPill count={audit.live.waiting} onClick={audit.live.showNew} />
      <Pager label={`Page ${audit.pageNumber}`} canPrevious={audit.canPrevious} canNext={audit.canNext} onPrevious={audit.previous} onNext={audit.next} />
    </PageBody>
  );
}

/** The first change, and the others on demand. */
function Changes({ event }: { event: AuditEvent }) {
  const [open, setOpen] = useState(false);
  const lines = changeLines(event.changes);
  if (!lines.length) return <>—</>;
  const shown = open ? lines : lines.slice(0, 1);
  return (
    <Box>
      <Box component="ul" aria-label={`Changes of event #${event.id}`} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {shown.map((line) => (
          <Typography component="li" key={line.field} level="body-sm" sx={{ overflowWrap: "anywhere" }}>
            <Typography fontWeight="md">{line.field}</Typography>: {line.before} → {line.after}
          </Typography>
        ))}
      </Box>
      {lines.length > 1 && (
        <Button size="sm" variant="plain" aria-expanded={open} onClick={() => setOpen((o) => !o)} sx={{ px: 0.5, minHeight: 0 }}>
          {open ? "Show less" : `${lines.length - 1} more`}
        </Button>
      )}
    </Box>
  );
}

const columns: ListColumn<AuditEvent>[] = [
  { header: "TIME", width: "17%", cell: (e) => formatTime(e.at) },
  { header: "ACTOR", width: "17%", cell: (e) => actorText(e.actor) },
  { header: "ACTION", width: "16%", cell: (e) => <Typography level="body-sm" fontFamily="code">{e.action}</Typography> },
  { header: "TARGET", width: "18%", cell: (e) => targetText(e.target) },
  { header: "CHANGES", width: "32%", cell: (e) => <Changes event={e} /> },
];

function EventRows({ items }: { items: AuditEvent[] }) {
  return <ListTable label="Audit events" items={items} columns={columns} sx={{ minWidth: 760, "& td": { verticalAlign: "top" } }} />;
}

function EventCards({ items }: { items: AuditEvent[] }) {
  return (
    <CardList
      label="Audit events"
      items={items}
      sx={{ flexDirection: "column", alignItems: "stretch", gap: 0.5 }}
      card={(e) => (
        <>
          <Typography level="body-xs">{formatTime(e.at)}</Typography>
          <Typography level="title-sm" fontFamily="code">{e.action}</Typography>
          <Typography level="body-sm">{actorText(e.actor)} · {targetText(e.target)}</Typography>
          <Changes event={e} />
        </>
      )}
    />
  );
}
