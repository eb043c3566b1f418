// /dash/holidays/{id} (spec 3 §1): a holiday calendar's name and its holidays in
// date order, added, edited and removed here and saved whole with Save
// Changes; the Danger Zone's delete, which the server refuses while a schedule
// uses the calendar.
import type { HolidayCalendar } from "../../api/schedules";
import { WholeDetailsForm } from "../../ui/DetailsForm";
import { EntityHeader } from "../../ui/EntityHeader";
import { NameField } from "../../ui/NameField";
import { DetailsPage } from "../../ui/DetailsPage";
import { CALENDAR_MESSAGES as M } from "./calendar_form";
import { type CalendarForm, useDeleteCalendar, useUpdateCalendar } from "./changes";
import { HolidaysEditor } from "./HolidaysEditor";
import { CALENDAR_PAGES } from "./pages";

export default function HolidayCalendarPage() {
  return (
    <DetailsPage
      pages={CALENDAR_PAGES}
      header={(calendar) => <EntityHeader back={CALENDAR_PAGES.list} title={calendar.name} pending={`holiday-calendars/${calendar.id}`} />}
      details={(calendar) => <CalendarDetails calendar={calendar} />}
      remove={{ kind: "Holiday Calendar", text: "Permanently delete this holiday calendar. One still used by a schedule cannot be deleted.", useDelete: useDeleteCalendar, messages: M }}
    />
  );
}

function CalendarDetails({ calendar }: { calendar: HolidayCalendar }) {
  const saved: CalendarForm = { name: calendar.name, holidays: calendar.holidays };
  return (
    <WholeDetailsForm title="Holiday Calendar Details" saved={saved} check={(f) => (f.name.trim() ? null : M.nameRequired)} update={{ use: useUpdateCalendar, vars: (form) => ({ calendar, form }) }} messages={M} gap={2}>
      {(form, set) => (
        <>
          <NameField label="Calendar Name" input={{ name: "name", autoFocus: false }} value={form.name} onChange={(name) => set({ name })} />
          <HolidaysEditor holidays={form.holidays} onChange={(holidays) => set({ holidays })} />
        </>
      )}
    </WholeDetailsForm>
  );
}
