// /dash/schedules?tab=schedules|calendars (spec 3 §1): the Schedules tab and the
// Holiday Calendars tab. The tab is kept in the address, so a link or reload
// opens the same one (a holiday calendar's page links back to its tab).
import { useSearchParams } from "react-router-dom";
import Tab from "@mui/joy/Tab";
import TabList from "@mui/joy/TabList";
import TabPanel from "@mui/joy/TabPanel";
import Tabs from "@mui/joy/Tabs";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { CalendarsTab } from "./CalendarsTab";
import { SchedulesTab } from "./SchedulesTab";

/** The open panel's content stacks, a little apart (a closed panel stays hidden). */
const PANEL = { px: 0, "&:not([hidden])": { display: "flex", flexDirection: "column", gap: 2 } } as const;

export default function SchedulesPage() {
  usePageMeta("Schedules");
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "calendars" ? "calendars" : "schedules";

  return (
    <PageBody>
      <PageHeader title="Schedules" />
      <Tabs
        value={tab}
        onChange={(_, value) => setParams({ tab: String(value) }, { replace: true })}
        aria-label="Schedule sections"
        sx={{ bgcolor: "transparent" }}
      >
        <TabList>
          <Tab value="schedules">Schedules</Tab>
          <Tab value="calendars">Holiday Calendars</Tab>
        </TabList>
        <TabPanel value="schedules" sx={PANEL}>
          {tab === "schedules" && <SchedulesTab />}
        </TabPanel>
        <TabPanel value="calendars" sx={PANEL}>
          {tab === "calendars" && <CalendarsTab />}
        </TabPanel>
      </Tabs>
    </PageBody>
  );
}
