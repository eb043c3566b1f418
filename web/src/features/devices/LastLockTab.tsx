// The Devices page's Last Lock tab (spec 2 §2: connection status, host, token
// badge, Discover Devices, Pending Device Approvals). Issue 6 fills it; this
// slot holds its place on /dash/devices?tab=lastlock.
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";

/** The tab's label; issue 6 adds the pending count to it. */
export function LastLockTabLabel() {
  return <>Last Lock</>;
}

export default function LastLockTab() {
  return (
    <Sheet variant="outlined" sx={{ borderRadius: "sm", p: 3 }}>
      <Typography level="title-md" component="h2">Last Lock</Typography>
    </Sheet>
  );
}
