// The Holiday Calendars tab (spec 3 §1): search by name, "Add Holiday Calendar",
// and per calendar its NAME, how many HOLIDAYS it holds and which schedules
// USE it. Cards on phones.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import { type HolidayCalendar, useCalendars } from "../../api/schedules";
import { AddButton, ListFilters, ListState } from "../../ui/ListControls";
import { CardList, type ListColumn, ListTable } from "../../ui/ListViews";
import { filterByName } from "../../ui/name_filter";
import { NameLink } from "../../ui/NameLink";
import { allRowsLabel } from "../../ui/range_label";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { AddCalendarDialog } from "./AddCalendarDialog";
import { CALENDAR_MESSAGES as M, holidayCount } from "./calendar_form";
import { calendarUsedBy } from "./open_line";

export function CalendarsTab() {
  const calendars = useCalendars();
  useFailureToast(calendars.error, M.fetchFailed);
  const phone = useIsPhone();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const shown = filterByName(calendars.data ?? [], search);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <ListFilters search={{ value: search, onChange: setSearch, placeholder: "Search holiday calendars...", label: "Search holiday calendars by name" }}>
        <AddButton label="Add Holiday Calendar" onClick={() => setAdding(true)} sx={{ ml: { sm: "auto" } }} />
      </ListFilters>
      <ListState
        loading={calendars.isPending}
        loadingText="Loading holiday calendars..."
        failed={calendars.isError && !calendars.data ? M.fetchFailed : null}
        empty={shown.length === 0 ? M.listEmpty : null}
      >
        {phone
          ? <CardList label="Holiday calendars" items={shown} card={(c) => <CalendarCard calendar={c} />} />
          : <ListTable label="Holiday calendars" items={shown} columns={COLUMNS} sx={{ minWidth: 520 }} />}
      </ListState>
      <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(shown.length)}</Typography>
      <AddCalendarDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
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
