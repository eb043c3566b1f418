// /dash/schedules/{id} (spec 3 §1): the schedule's name with its "Open now —
// closes at 17:00" line; Schedule Details (name, description, time zone, the
// week editor, the holiday calendar) saved whole with Save Changes; and the
// Danger Zone's delete, which the server refuses while grants or rooms use it.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../../api/api_error";
import { type Schedule, useSchedule, useSchedules } from "../../api/schedules";
import { DeleteZone } from "../../ui/DangerZone";
import { DescriptionField } from "../../ui/DescriptionField";
import { DetailsForm } from "../../ui/DetailsForm";
import { EntityHeader } from "../../ui/EntityHeader";
import { EntityLayout, type EntityPages } from "../../ui/EntityLayout";
import { OverviewGrid } from "../../ui/OverviewGrid";
import { doneToast, failedToast, validationToast } from "../../ui/toast/change_toasts";
import { CalendarSelect } from "./CalendarSelect";
import { useDeleteSchedule, useUpdateSchedule } from "./changes";
import { OpenLine } from "./OpenLine";
import { sameName, SCHEDULE_MESSAGES as M, type ScheduleForm, scheduleFormOf, scheduleProblem } from "./schedule_form";
import { TimeZoneField } from "./TimeZoneField";
import { WeekEditor } from "./WeekEditor";

const PAGES: EntityPages<Schedule> = {
  kind: "schedules",
  list: { to: "/dash/schedules", label: "Schedules" },
  pageOf: (id) => `/dash/schedules/${id}`,
  // One page, no tab bar: the tab only names the page ("Threshold - Schedule").
  tabs: [{ label: "Schedule", screen: "Schedule", path: "", shown: () => false }],
  read: { one: useSchedule, all: useSchedules },
  made: sameName,
  texts: { loading: M.loading, fetchFailed: M.fetchOneFailed, notFound: M.notFound },
};

export default function SchedulePage() {
  return (
    <EntityLayout
      pages={PAGES}
      current="Schedule"
      header={(schedule) => (
        <EntityHeader back={PAGES.list} title={schedule.name} pending={`schedules/${schedule.id}`}>
          {schedule.description && <Typography textColor="text.secondary">{schedule.description}</Typography>}
          <OpenLine schedule={schedule} />
        </EntityHeader>
      )}
    >
      {(schedule) => (
        <OverviewGrid
          main={<ScheduleDetails key={`${schedule.id}:${schedule.updatedAt}`} schedule={schedule} />}
          side={<ScheduleDangerZone schedule={schedule} />}
        />
      )}
    </EntityLayout>
  );
}

function ScheduleDetails({ schedule }: { schedule: Schedule }) {
  const saved = scheduleFormOf(schedule);
  const [form, setForm] = useState<ScheduleForm>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<ScheduleForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  const update = useUpdateSchedule({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => {
      failedToast(M.updateFailed, error);
      setProblem(serverMessage(error, M.updateFailed));
    },
  });

  function onSubmit() {
    const found = scheduleProblem(form);
    setProblem(found);
    if (found) return validationToast(found);
    update.mutate({ schedule, form });
  }

  return (
    <DetailsForm
      labelId="schedule-details"
      title="Schedule Details"
      onSubmit={onSubmit}
      busy={update.isPending}
      changed={JSON.stringify(form) !== JSON.stringify(saved)}
      onReset={() => {
        setForm(saved);
        setProblem(null);
      }}
    >
      <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
        <FormControl required>
          <FormLabel>Schedule Name</FormLabel>
          <Input name="name" value={form.name} onChange={(e) => set({ name: e.target.value })} />
        </FormControl>
        <DescriptionField value={form.description} onChange={(description) => set({ description })} />
        <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TimeZoneField value={form.timeZone} onChange={(timeZone) => set({ timeZone })} />
          <CalendarSelect value={form.holidayCalendarId} onChange={(holidayCalendarId) => set({ holidayCalendarId })} />
        </Box>
        <WeekEditor weekly={form.weekly} onChange={(weekly) => set({ weekly })} />
        {problem && <Typography role="alert" color="danger" level="body-sm">{problem}</Typography>}
      </Box>
    </DetailsForm>
  );
}

function ScheduleDangerZone({ schedule }: { schedule: Schedule }) {
  const navigate = useNavigate();
  const remove = useDeleteSchedule({
    onSuccess: (result) => {
      doneToast(M.deleted, result);
      navigate("/dash/schedules");
    },
    // The server's reason: a schedule in use stays ("This schedule is in use: …").
    onError: (error) => failedToast(M.deleteFailed, error),
  });
  return (
    <DeleteZone
      kind="Schedule"
      item={schedule}
      text="Permanently delete this schedule. One still used by a grant or a room's door cannot be deleted."
      remove={remove}
      confirm={`Are you sure you want to delete ${schedule.name}? This action cannot be undone.`}
    />
  );
}
