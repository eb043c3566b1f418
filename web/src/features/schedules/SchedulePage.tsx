// /dash/schedules/{id} (spec 3 §1): the schedule's name with its "Open now —
// closes at 17:00" line; Schedule Details (name, description, time zone, the
// week editor, the holiday calendar) saved whole with Save Changes; and the
// Danger Zone's delete, which the server refuses while grants or rooms use it.
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import type { Schedule } from "../../api/schedules";
import { DescriptionField } from "../../ui/DescriptionField";
import { WholeDetailsForm } from "../../ui/DetailsForm";
import { EntityHeader } from "../../ui/EntityHeader";
import { NameField } from "../../ui/NameField";
import { DetailsPage } from "../../ui/DetailsPage";
import { CalendarSelect } from "./CalendarSelect";
import { useDeleteSchedule, useUpdateSchedule } from "./changes";
import { OpenLine } from "./OpenLine";
import { SCHEDULE_PAGES } from "./pages";
import { SCHEDULE_MESSAGES as M, type ScheduleForm, scheduleFormOf, scheduleProblem } from "./schedule_form";
import { TimeZoneField } from "./TimeZoneField";
import { WeekEditor } from "./WeekEditor";

export default function SchedulePage() {
  return (
    <DetailsPage
      pages={SCHEDULE_PAGES}
      header={(schedule) => (
        <EntityHeader back={SCHEDULE_PAGES.list} title={schedule.name} pending={`schedules/${schedule.id}`}>
          {schedule.description && <Typography textColor="text.secondary">{schedule.description}</Typography>}
          <OpenLine schedule={schedule} />
        </EntityHeader>
      )}
      details={(schedule) => <ScheduleDetails schedule={schedule} />}
      remove={{ kind: "Schedule", text: "Permanently delete this schedule. One still used by a grant or a room's door cannot be deleted.", useDelete: useDeleteSchedule, messages: M }}
    />
  );
}

function ScheduleDetails({ schedule }: { schedule: Schedule }) {
  return (
    <WholeDetailsForm title="Schedule Details" saved={scheduleFormOf(schedule)} check={scheduleProblem} update={{ use: useUpdateSchedule, vars: (form) => ({ schedule, form }) }} messages={M} gap={1.5}>
      {(form: ScheduleForm, set) => (
        <>
          <NameField label="Schedule Name" input={{ name: "name", autoFocus: false }} value={form.name} onChange={(name) => set({ name })} />
          <DescriptionField value={form.description} onChange={(description) => set({ description })} />
          <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
            <TimeZoneField value={form.timeZone} onChange={(timeZone) => set({ timeZone })} />
            <CalendarSelect value={form.holidayCalendarId} onChange={(holidayCalendarId) => set({ holidayCalendarId })} />
          </Box>
          <WeekEditor weekly={form.weekly} onChange={(weekly) => set({ weekly })} />
        </>
      )}
    </WholeDetailsForm>
  );
}
