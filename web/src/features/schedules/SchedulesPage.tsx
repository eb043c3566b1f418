// /dash/schedules?tab=schedules|calendars (spec 3 §1): the Schedules tab and the
// Holiday Calendars tab. The tab is kept in the address, so a link or reload
// opens the same one (a holiday calendar's page links back to its tab).
import { AddressTabs, type AddressTab } from "../../ui/AddressTabs";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { CalendarsTab } from "./CalendarsTab";
import { SchedulesTab } from "./SchedulesTab";

const TABS: AddressTab[] = [
  { value: "schedules", label: "Schedules", panel: () => <SchedulesTab /> },
  { value: "calendars", label: "Holiday Calendars", panel: () => <CalendarsTab /> },
];

export default function SchedulesPage() {
  usePageMeta("Schedules");
  return (
    <PageBody>
      <PageHeader title="Schedules" />
      <AddressTabs label="Schedule sections" tabs={TABS} />
    </PageBody>
  );
}
