// /dash/holidays/{id} (spec 3 §1): a holiday calendar's name and its holidays in
// date order, added, edited and removed here and saved whole with Save
// Changes; the Danger Zone's delete, which the server refuses while a schedule
// uses the calendar.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../../api/api_error";
import { type HolidayCalendar, useCalendar, useCalendars } from "../../api/schedules";
import { DeleteZone } from "../../ui/DangerZone";
import { DetailsForm } from "../../ui/DetailsForm";
import { EntityHeader } from "../../ui/EntityHeader";
import { EntityLayout, type EntityPages } from "../../ui/EntityLayout";
import { OverviewGrid } from "../../ui/OverviewGrid";
import { doneToast, failedToast, validationToast } from "../../ui/toast/change_toasts";
import { CALENDAR_MESSAGES as M } from "./calendar_form";
import { type CalendarForm, useDeleteCalendar, useUpdateCalendar } from "./changes";
import { HolidaysEditor } from "./HolidaysEditor";
import { sameName } from "./schedule_form";

const PAGES: EntityPages<HolidayCalendar> = {
  kind: "holiday-calendars",
  list: { to: "/dash/schedules?tab=calendars", label: "Holiday Calendars" },
  pageOf: (id) => `/dash/holidays/${id}`,
  // One page, no tab bar: the tab only names the page ("Threshold - Holiday Calendar").
  tabs: [{ label: "Holiday Calendar", screen: "Holiday Calendar", path: "", shown: () => false }],
  read: { one: useCalendar, all: useCalendars },
  made: sameName,
  texts: { loading: M.loading, fetchFailed: M.fetchOneFailed, notFound: M.notFound },
};

export default function HolidayCalendarPage() {
  return (
    <EntityLayout
      pages={PAGES}
      current="Holiday Calendar"
      header={(calendar) => <EntityHeader back={PAGES.list} title={calendar.name} pending={`holiday-calendars/${calendar.id}`} />}
    >
      {(calendar) => (
        <OverviewGrid
          main={<CalendarDetails key={`${calendar.id}:${calendar.updatedAt}`} calendar={calendar} />}
          side={<CalendarDangerZone calendar={calendar} />}
        />
      )}
    </EntityLayout>
  );
}

function CalendarDetails({ calendar }: { calendar: HolidayCalendar }) {
  const saved: CalendarForm = { name: calendar.name, holidays: calendar.holidays };
  const [form, setForm] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<CalendarForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  const update = useUpdateCalendar({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => {
      failedToast(M.updateFailed, error);
      setProblem(serverMessage(error, M.updateFailed));
    },
  });

  function onSubmit() {
    const found = form.name.trim() ? null : M.nameRequired;
    setProblem(found);
    if (found) return validationToast(found);
    update.mutate({ calendar, form });
  }

  return (
    <DetailsForm
      labelId="calendar-details"
      title="Holiday Calendar Details"
      onSubmit={onSubmit}
      busy={update.isPending}
      changed={JSON.stringify(form) !== JSON.stringify(saved)}
      onReset={() => {
        setForm(saved);
        setProblem(null);
      }}
    >
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        <FormControl required>
          <FormLabel>Calendar Name</FormLabel>
          <Input name="name" value={form.name} onChange={(e) => set({ name: e.target.value })} />
        </FormControl>
        <HolidaysEditor holidays={form.holidays} onChange={(holidays) => set({ holidays })} />
        {problem && <Typography role="alert" color="danger" level="body-sm">{problem}</Typography>}
      </Box>
    </DetailsForm>
  );
}

function CalendarDangerZone({ calendar }: { calendar: HolidayCalendar }) {
  const navigate = useNavigate();
  const remove = useDeleteCalendar({
    onSuccess: (result) => {
      doneToast(M.deleted, result);
      navigate(PAGES.list.to);
    },
    // The server's reason: a calendar a schedule uses stays.
    onError: (error) => failedToast(M.deleteFailed, error),
  });
  return (
    <DeleteZone
      kind="Holiday Calendar"
      item={calendar}
      text="Permanently delete this holiday calendar. One still used by a schedule cannot be deleted."
      remove={remove}
      confirm={`Are you sure you want to delete ${calendar.name}? This action cannot be undone.`}
    />
  );
}
