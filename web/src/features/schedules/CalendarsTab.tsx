// The Holiday Calendars tab (spec 3 §1): search by name, "Add Holiday Calendar",
// and per calendar its NAME, how many HOLIDAYS it holds and which schedules
// USE it. Cards on phones.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import { type HolidayCalendar, useCalendars } from "../../api/schedules";
import { AddButton, ListFilters } from "../../ui/ListControls";
import { listStateOf, ListTab } from "../../ui/ListPage";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { filterByName } from "../../ui/name_filter";
import { NameLink } from "../../ui/NameLink";
import { useFailureToast } from "../../ui/use_failure_toast";
import { AddCalendarDialog } from "./AddCalendarDialog";
import { CALENDAR_MESSAGES as M, holidayCount } from "./calendar_form";
import { calendarUsedBy } from "./open_line";

export function CalendarsTab() {
  const calendars = useCalendars();
  useFailureToast(calendars.error, M.fetchFailed);
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const shown = filterByName(calendars.data ?? [], search);

  return (
    <ListTab
      filters={
        <ListFilters search={{ value: search, onChange: setSearch, placeholder: "Search holiday calendars...", label: "Search holiday calendars by name" }}>
          <AddButton label="Add Holiday Calendar" onClick={() => setAdding(true)} sx={{ ml: { sm: "auto" } }} />
        </ListFilters>
      }
      state={listStateOf(calendars, shown.length, { loading: "Loading holiday calendars...", failed: M.fetchFailed, empty: M.listEmpty })}
      rows={<ListView label="Holiday calendars" items={shown} card={(c) => <CalendarCard calendar={c} />} columns={COLUMNS} tableSx={{ minWidth: 520 }} />}
    >
      <AddCalendarDialog open={adding} onClose={() => setAdding(false)} />
    </ListTab>
  );
}

const COLUMNS: ListColumn<HolidayCalendar>[] = [
  { header: "NAME", width: "50%", cell: (c) => <CalendarName calendar={c} /> },
  { header: "HOLIDAYS", width: "25%", cell: holidayCount },
  { header: "USED BY", width: "25%", cell: (c) => calendarUsedBy(c.usedBy) },
];

function CalendarCard({ calendar }: { calendar: HolidayCalendar }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
      <CalendarName calendar={calendar} />
      <Typography level="body-xs">{holidayCount(calendar)} · {calendarUsedBy(calendar.usedBy)}</Typography>
    </Box>
  );
}

function CalendarName({ calendar }: { calendar: HolidayCalendar }) {
  return <NameLink to={`/dash/holidays/${calendar.id}`} name={calendar.name} pending={`holiday-calendars/${calendar.id}`} />;
}
