// The Schedules tab (spec 3 §1): search by name or description, "Add Schedule",
// and per schedule its NAME, TIME ZONE, whether it is open NOW (worked out here,
// from the cached schedules and calendars, so it holds offline) and what USES it.
// Cards on phones.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import { isOpen } from "../../../../api/schedules/schedule_time.ts";
import { type Schedule, useCalendars, useSchedules } from "../../api/schedules";
import { AddButton, ListFilters } from "../../ui/ListControls";
import { listStateOf, ListTab } from "../../ui/ListPage";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { matchesName } from "../../ui/name_filter";
import { NameLink } from "../../ui/NameLink";
import { useFailureToast } from "../../ui/use_failure_toast";
import { AddScheduleDialog } from "./AddScheduleDialog";
import { scheduleRule, scheduleUsedBy } from "./open_line";
import { OpenNowChip } from "./OpenNowChip";
import { SCHEDULE_MESSAGES as M } from "./schedule_form";
import { useNow } from "./use_now";

type Row = Schedule & { open: boolean };

export function SchedulesTab() {
  const schedules = useSchedules();
  const calendars = useCalendars();
  useFailureToast(schedules.error, M.fetchFailed);
  const now = useNow();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const shown: Row[] = (schedules.data ?? []).filter((s) => matchesName(s, search))
    .map((s) => ({ ...s, open: isOpen(scheduleRule(s, calendars.data), now) }));

  return (
    <ListTab
      filters={
        <ListFilters search={{ value: search, onChange: setSearch, placeholder: "Search schedules...", label: "Search schedules by name or description" }}>
          <AddButton label="Add Schedule" onClick={() => setAdding(true)} sx={{ ml: { sm: "auto" } }} />
        </ListFilters>
      }
      state={listStateOf(schedules, shown.length, { loading: "Loading schedules...", failed: M.fetchFailed, empty: M.listEmpty })}
      rows={<ListView label="Schedules" items={shown} card={(s) => <ScheduleCard schedule={s} />} columns={COLUMNS} tableSx={{ minWidth: 620 }} />}
    >
      <AddScheduleDialog open={adding} onClose={() => setAdding(false)} />
    </ListTab>
  );
}

const COLUMNS: ListColumn<Row>[] = [
  {
    header: "NAME",
    width: "36%",
    cell: (s) => (
      <>
        <ScheduleName schedule={s} />
        {s.description && <Typography level="body-xs" textColor="text.secondary" noWrap>{s.description}</Typography>}
      </>
    ),
  },
  { header: "TIME ZONE", width: "24%", cell: (s) => s.timeZone, style: { overflow: "hidden", textOverflow: "ellipsis" } },
  { header: "NOW", width: "18%", cell: (s) => <OpenNowChip open={s.open} /> },
  { header: "USED BY", width: "22%", cell: (s) => scheduleUsedBy(s.usedBy) },
];

function ScheduleCard({ schedule }: { schedule: Row }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
      <ScheduleName schedule={schedule} />
      {schedule.description && <Typography level="body-sm" noWrap>{schedule.description}</Typography>}
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <OpenNowChip open={schedule.open} />
        <Typography level="body-xs">{schedule.timeZone} · {scheduleUsedBy(schedule.usedBy)}</Typography>
      </Box>
    </Box>
  );
}

function ScheduleName({ schedule }: { schedule: Schedule }) {
  return <NameLink to={`/dash/schedules/${schedule.id}`} name={schedule.name} pending={`schedules/${schedule.id}`} />;
}
