// /dash/devices?tab=devices|lastlock|unifi (spec 2 §2): the All Devices tab,
// and the Last Lock and UniFi tabs. The tab is kept in the address, so a link
// or reload opens the same one; only the open tab's panel is rendered.
import { useSearchParams } from "react-router-dom";
import Tab from "@mui/joy/Tab";
import TabList from "@mui/joy/TabList";
import TabPanel from "@mui/joy/TabPanel";
import Tabs from "@mui/joy/Tabs";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { AllDevicesTab } from "./AllDevicesTab";
import LastLockTab, { LastLockTabLabel } from "./LastLockTab";
import UnifiTab from "./UnifiTab";

const TABS = ["devices", "lastlock", "unifi"] as const;
type DevicesTab = (typeof TABS)[number];

export const devicesTabOf = (value: string | null): DevicesTab =>
  (TABS as readonly string[]).includes(value ?? "") ? (value as DevicesTab) : "devices";

/** The open panel's cards stack, a little apart (a closed panel stays hidden). */
const PANEL = { px: 0, "&:not([hidden])": { display: "flex", flexDirection: "column", gap: 2 } } as const;

export default function DevicesPage() {
  usePageMeta("Devices");
  const [params, setParams] = useSearchParams();
  const tab = devicesTabOf(params.get("tab"));

  return (
    <PageBody>
      <PageHeader title="Devices" subtitle="Manage all devices and integrations" />
      <Tabs
        value={tab}
        onChange={(_, value) => setParams({ tab: String(value) }, { replace: true })}
        aria-label="Device sections"
        sx={{ bgcolor: "transparent" }}
      >
        <TabList sx={{ overflowX: "auto", whiteSpace: "nowrap" }}>
          <Tab value="devices">All Devices</Tab>
          <Tab value="lastlock"><LastLockTabLabel /></Tab>
          <Tab value="unifi">UniFi</Tab>
        </TabList>
        <TabPanel value="devices" sx={PANEL}>
          {tab === "devices" && <AllDevicesTab />}
        </TabPanel>
        <TabPanel value="lastlock" sx={PANEL}>
          {tab === "lastlock" && <LastLockTab />}
        </TabPanel>
        <TabPanel value="unifi" sx={PANEL}>
          {tab === "unifi" && <UnifiTab />}
        </TabPanel>
      </Tabs>
    </PageBody>
  );
}
