// The Devices page's UniFi tab (spec 2 §2: Connected/Offline, host, credential
// badge, Discover Devices, pending Ubiquiti devices with 'Assign to Room').
// Issue 6 fills it; this slot holds its place on /dash/devices?tab=unifi.
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";

/** The tab's label. */
export function UnifiTabLabel() {
  return <>UniFi</>;
}

export default function UnifiTab() {
  return (
    <Sheet variant="outlined" sx={{ borderRadius: "sm", p: 3 }}>
      <Typography level="title-md" component="h2">UniFi</Typography>
    </Sheet>
  );
}
