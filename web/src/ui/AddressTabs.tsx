// A page's tabs kept in the address (?tab=…), so a link or reload opens the
// same one (devices, schedules); an unknown or missing tab is the first. Only
// the open tab's panel is rendered.
import type { ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import type { SxProps } from "@mui/joy/styles/types";
import Tab from "@mui/joy/Tab";
import TabList from "@mui/joy/TabList";
import TabPanel from "@mui/joy/TabPanel";
import Tabs from "@mui/joy/Tabs";

export type AddressTab = { value: string; label: ReactNode; panel: () => ReactNode };

/** The open panel's content stacks, a little apart (a closed panel stays hidden). */
const PANEL = { px: 0, "&:not([hidden])": { display: "flex", flexDirection: "column", gap: 2 } } as const;

/** The tab the address names, or the first. */
export const tabOf = (tabs: readonly { value: string }[], value: string | null): string =>
  tabs.find((t) => t.value === value)?.value ?? tabs[0].value;

/** `label` names the tabs for assistive technology ("Device sections"). */
export function AddressTabs({ label, tabs, listSx }: { label: string; tabs: AddressTab[]; listSx?: SxProps }) {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(tabs, params.get("tab"));
  return (
    <Tabs
      value={tab}
      onChange={(_, value) => setParams({ tab: String(value) }, { replace: true })}
      aria-label={label}
      sx={{ bgcolor: "transparent" }}
    >
      <TabList sx={listSx}>
        {tabs.map((t) => <Tab key={t.value} value={t.value}>{t.label}</Tab>)}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.value} value={t.value} sx={PANEL}>
          {tab === t.value && t.panel()}
        </TabPanel>
      ))}
    </Tabs>
  );
}
