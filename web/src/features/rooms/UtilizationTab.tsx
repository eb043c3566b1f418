// The room's Utilization tab (spec 2 §2, §9). Shown by the room page only when
// the room has a density device. Issue 6 builds its body (Live Data badge, the
// four cards and Recent Activity) from the pure rules in ./utilization/; this
// slot only holds its place so the tab, its route and its props exist.
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";

export type UtilizationRoom = { id: number; name: string; capacity: number };

export default function UtilizationTab({ room }: { room: UtilizationRoom }) {
  return (
    <Sheet variant="outlined" sx={{ borderRadius: "sm", p: 3 }}>
      <Typography level="title-md" component="h2">Utilization</Typography>
      <Typography level="body-sm" textColor="text.secondary">
        Occupancy figures for {room.name} appear here.
      </Typography>
    </Sheet>
  );
}
