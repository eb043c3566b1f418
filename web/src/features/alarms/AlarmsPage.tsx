// /dash/alarms and /dash/alarms/history (spec 4 §2 "Screens"): the open alarms
// (active and acknowledged) or the resolved ones, newest first, 50 a page; each card
// with its actions. Live: any alarm raised, acknowledged or resolved reads the page
// again (use_alarm_events.ts), and so does a door.changed of a device with an open
// alarm shown (its cause ending, `Cleared`, is no alarm event: migration 025 writes it
// as door.changed). `?alarm=<id>` opens that alarm (a critical alarm's toast, a push
// notification's tap). Under the list, the Notifications card (spec 4 §3).
import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { isNotFound } from "../../api/api_error";
import { useLiveEvents } from "../../api/live_events";
import { useReadSoon } from "../../ui/use_read_soon";
import { useOnline } from "../../offline/use_outbox";
import { EmptyState } from "../../ui/EmptyState";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { Pager } from "../../ui/Pager";
import { TabLinks } from "../../ui/TabLinks";
import { useCursorWalk } from "../../ui/use_cursor_walk";
import { useFailureToast } from "../../ui/use_failure_toast";
import { NotificationsCard } from "../notifications/public";
import { type Alarm, type AlarmAction, alarmActions, alarmsUrl, ALARM_TEXTS as T } from "./alarm_display";
import { AlarmDialog } from "./AlarmDialog";
import { AlarmSummary } from "./AlarmSummary";
import { useAlarm, useAlarmPage } from "./api";

const DOOR_CHANGED = ["door.changed"] as const;
const TABS = [
  { label: T.open, to: "/dash/alarms" },
  { label: T.history, to: "/dash/alarms/history" },
];

export default function AlarmsPage() {
  usePageMeta(T.title);
  const history = useLocation().pathname.endsWith("/history");
  const tab = history ? "resolved" : "open";
  const online = useOnline();
  const walk = useCursorWalk(tab);
  const page = useAlarmPage(tab, walk.cursor);
  useFailureToast(online && page.isError && !page.isPlaceholderData ? page.error : null, T.fetchFailed);
  const [acting, setActing] = useState<{ alarm: Alarm; action: AlarmAction } | null>(null);
  const items = page.data?.items ?? [];
  const cache = useQueryClient();
  // At most once a second: a propped door's alarm device reports every opening and closing.
  const readSoon = useReadSoon(() => void cache.invalidateQueries({ queryKey: [alarmsUrl(tab, walk.cursor)] }));
  useLiveEvents(DOOR_CHANGED, (_type, data) => {
    if (items.some((alarm) => alarm.deviceId === (data as { deviceId: number }).deviceId)) readSoon();
  }, !history);

  return (
    <PageBody>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <TabLinks label="Alarm lists" tabs={TABS} current={history ? T.history : T.open} />
      {!history && !online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
      {page.data && (items.length
        ? (
          <Box component="ul" aria-label={history ? "Resolved alarms" : "Open alarms"} sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1.5 }}>
            {items.map((alarm) => {
              const actions = alarmActions(alarm);
              return (
              <Card key={alarm.id} component="li" variant="outlined" aria-label={`Alarm ${alarm.id}`} sx={{ flexDirection: { xs: "column", sm: "row" }, alignItems: { sm: "center" }, justifyContent: "space-between", gap: 1.5 }}>
                <AlarmSummary alarm={alarm} />
                {actions.length > 0 && (
                  <Box sx={{ display: "flex", gap: 1, flexShrink: 0 }}>
                    {actions.map((action) => (
                      <Button key={action} size="sm" variant="outlined" color={action === "resolve" ? "success" : "primary"} disabled={!online} onClick={() => setActing({ alarm, action })}>
                        {action === "resolve" ? T.resolve : T.acknowledge}
                      </Button>
                    ))}
                  </Box>
                )}
              </Card>
              );
            })}
          </Box>
        )
        : <EmptyState>{history ? T.noneResolved : T.noneOpen}</EmptyState>)}
      {(walk.pageIndex > 0 || page.data?.nextCursor) && (
        <Pager
          label={`Page ${walk.pageIndex + 1}`}
          canPrevious={walk.pageIndex > 0}
          canNext={Boolean(page.data?.nextCursor)}
          onPrevious={walk.previous}
          onNext={() => walk.next(page.data?.nextCursor)}
        />
      )}
      <NotificationsCard />
      {acting && <AlarmDialog key={acting.alarm.id} alarm={acting.alarm} action={acting.action} onClose={() => setActing(null)} />}
      <OpenedAlarm />
    </PageBody>
  );
}

/** The alarm `?alarm=<id>` names, in its dialog; closing it drops the parameter. */
function OpenedAlarm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get("alarm");
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const alarm = useAlarm(id);
  const close = () => navigate({ search: "" }, { replace: true });
  useFailureToast(alarm.isError ? alarm.error : null, isNotFound(alarm.error) ? T.notFound : T.fetchFailed);
  if (!alarm.data) return null;
  return <AlarmDialog key={alarm.data.id} alarm={alarm.data} action={null} onClose={close} />;
}
