// /dash/visitors (spec 4 §5 "Screens"): tabs `Today` (/dash/visitors), `Upcoming`
// (/dash/visitors/upcoming) and `Past` (/dash/visitors/past, the last 30 days), a
// search (guest, e-mail, host), `Add Visit`, and each visit with its status chip
// and, while not over, `Copy pass link`, Edit and Revoke. A table from 600 px, cards
// on a phone. Each tab's list is cached like every read, so it shows offline, where
// the changes are off (`Visitors need a connection`): they are never queued (api.ts).
// Live: a guest's arrival (visit.arrived) and any visit changed elsewhere read the
// tab again; the chips follow the clock by themselves.
import { useMemo, useState } from "react";
import { useLocation } from "react-router-dom";
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvents } from "../../api/live_events";
import { useSession } from "../../api/session";
import { userLabel } from "../../api/user_display";
import { useRooms } from "../../api/rooms";
import { useUsers } from "../../api/users";
import { byName } from "../../api/by_name";
import { useOnline } from "../../offline/use_outbox";
import { AddButton, ListFilters } from "../../ui/ListControls";
import { ListTab, listStateOf } from "../../ui/ListPage";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { TabLinks } from "../../ui/TabLinks";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useReadSoon } from "../../ui/use_read_soon";
import { useNow } from "../schedules/public";
import { isVisitQuery, useVisits } from "./api";
import { VisitButtons, useVisitActions } from "./VisitActions";
import { type Option, VisitDialog } from "./VisitDialog";
import { emptyText, isOpenVisit, tabUrl, tabVisits, type Visit, type VisitTab, VISIT_TEXTS as T, windowText } from "./visit_display";
import { VisitChip } from "./VisitChip";

const TABS: { tab: VisitTab; label: string; to: string }[] = [
  { tab: "today", label: T.today, to: "/dash/visitors" },
  { tab: "upcoming", label: T.upcoming, to: "/dash/visitors/upcoming" },
  { tab: "past", label: T.past, to: "/dash/visitors/past" },
];
/** A long name breaks inside its column rather than run into the next. */
const WRAP = { overflowWrap: "anywhere" } as const;
const LIVE = ["visit.arrived", "admin.change", "resync", "open"] as const;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function VisitorsPage() {
  usePageMeta(T.title);
  const { pathname } = useLocation();
  const current = TABS.find((t) => t.to === pathname.replace(/\/$/, "")) ?? TABS[0];
  const online = useOnline();
  const now = useNow();
  // The day's span is the key: it moves at midnight, not every tick.
  const url = tabUrl(current.tab, now);
  const list = useVisits(url);
  useFailureToast(online && list.isError ? list.error : null, T.fetchFailed);
  const [search, setSearch] = useState("");
  const shown = useMemo(() => tabVisits(list.data ?? [], current.tab, search, now), [list.data, current.tab, search, now]);

  const cache = useQueryClient();
  const readSoon = useReadSoon(() => void cache.invalidateQueries({ predicate: isVisitQuery }));
  useLiveEvents(LIVE, (type, data) => {
    if (type !== "admin.change" || (data as { action?: string }).action?.startsWith("visit.")) readSoon();
  }, true);

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Visit | null>(null);
  const actions = useVisitActions(setEditing);
  const choices = useChoices(adding || editing !== null);
  const zone = browserZone();

  // Fits a tablet held upright (772 px inside the page): the actions stack when narrow.
  const columns: ListColumn<Visit>[] = [
    { header: "GUEST", width: "20%", cell: (visit) => <Guest visit={visit} /> },
    { header: "HOST", width: "13%", style: WRAP, cell: (visit) => visit.host.name },
    { header: "ROOMS", width: "13%", style: WRAP, cell: (visit) => visit.roomNames.join(", ") },
    { header: "WHEN", width: "17%", cell: (visit) => windowText(visit.startsAt, visit.endsAt, zone) },
    { header: "PIN", width: "9%", cell: (visit) => <Pin visit={visit} now={now} /> },
    { header: "STATUS", width: "11%", cell: (visit) => <VisitChip visit={visit} now={now} /> },
    { header: "ACTIONS", width: "17%", style: { textAlign: "right" }, cell: (visit) => isOpenVisit(visit, now) && <VisitButtons visit={visit} actions={actions} online={online} /> },
  ];

  return (
    <PageBody>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={<AddButton label={T.add} onClick={() => setAdding(true)} />} />
      <TabLinks label="Visit lists" tabs={TABS} current={current.label} />
      {!online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
      <ListTab
        filters={<ListFilters search={{ value: search, onChange: setSearch, placeholder: T.search, label: T.searchLabel }} />}
        state={listStateOf(list, shown.length, { loading: T.loading, failed: T.fetchFailed, empty: emptyText(current.tab, search) })}
        rows={
          <ListView
            label={`${current.label} visits`}
            items={shown}
            columns={columns}
            tableSx={{ minWidth: 760 }}
            card={(visit) => <VisitCard visit={visit} now={now} zone={zone} actions={actions} online={online} />}
          />
        }
      >
        <VisitDialog open={adding} onClose={() => setAdding(false)} rooms={choices.rooms} hosts={choices.hosts} />
        <VisitDialog open={editing !== null} visit={editing} onClose={() => setEditing(null)} rooms={choices.rooms} hosts={choices.hosts} />
        {actions.dialogs}
      </ListTab>
    </PageBody>
  );
}

/** The dialog's choices: the active rooms, and the active people as hosts with the admin proposed. */
function useChoices(needed: boolean) {
  const rooms = useRooms(needed);
  const users = useUsers(needed);
  const me = useSession().data;
  return useMemo(() => {
    const hosts: Option[] = (users.data ?? []).filter((u) => u.isActive).map((u) => ({ id: u.id, label: userLabel(u) }));
    const proposed = me ? hosts.find((h) => h.id === me.id) ?? { id: me.id, label: userLabel(me) } : null;
    return {
      rooms: [...(rooms.data ?? [])].filter((r) => r.isActive).sort(byName).map((r): Option => ({ id: r.id, label: r.name })),
      hosts: { options: hosts, proposed },
    };
  }, [rooms.data, users.data, me]);
}

function Guest({ visit }: { visit: Visit }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography level="title-sm" sx={{ overflowWrap: "anywhere" }}>{visit.guestName}</Typography>
      {visit.guestEmail && <Typography level="body-xs" sx={{ overflowWrap: "anywhere" }}>{visit.guestEmail}</Typography>}
      {visit.note && <Typography level="body-xs" textColor="text.tertiary" sx={{ overflowWrap: "anywhere" }}>{visit.note}</Typography>}
    </Box>
  );
}

/** The PIN while it may still open a door; a dash after. */
function Pin({ visit, now }: { visit: Visit; now: Date }) {
  return isOpenVisit(visit, now) ? <Typography component="span" fontFamily="monospace">{visit.pin}</Typography> : "—";
}

type CardProps = { visit: Visit; now: Date; zone: string; actions: ReturnType<typeof useVisitActions>; online: boolean };

function VisitCard({ visit, now, zone, actions, online }: CardProps) {
  const open = isOpenVisit(visit, now);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.75, width: "100%", minWidth: 0 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "flex-start" }}>
        <Guest visit={visit} />
        <VisitChip visit={visit} now={now} />
      </Box>
      <Typography level="body-sm">{windowText(visit.startsAt, visit.endsAt, zone)}</Typography>
      <Typography level="body-sm">Host: {visit.host.name} · {visit.roomNames.join(", ")}</Typography>
      {open && <Typography level="body-sm" component="div" sx={{ display: "flex", gap: 0.5 }}>{T.pin}: <Pin visit={visit} now={now} /></Typography>}
      {open && <VisitButtons visit={visit} actions={actions} online={online} />}
    </Box>
  );
}
