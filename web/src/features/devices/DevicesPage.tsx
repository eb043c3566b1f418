// /dash/devices?tab=devices|lastlock|unifi (spec 2 §2): the All Devices tab,
// and the Last Lock and UniFi tabs. The tab is kept in the address, so a link
// or reload opens the same one; only the open tab's panel is rendered.
import { AddressTabs, type AddressTab } from "../../ui/AddressTabs";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { AllDevicesTab } from "./AllDevicesTab";
import LastLockTab, { LastLockTabLabel } from "./LastLockTab";
import UnifiTab from "./UnifiTab";

const TABS: AddressTab[] = [
  { value: "devices", label: "All Devices", panel: () => <AllDevicesTab /> },
  { value: "lastlock", label: <LastLockTabLabel />, panel: () => <LastLockTab /> },
  { value: "unifi", label: "UniFi", panel: () => <UnifiTab /> },
];

export default function DevicesPage() {
  usePageMeta("Devices");
  return (
    <PageBody>
      <PageHeader title="Devices" subtitle="Manage all devices and integrations" />
      <AddressTabs label="Device sections" tabs={TABS} listSx={{ overflowX: "auto", whiteSpace: "nowrap" }} />
    </PageBody>
  );
}
