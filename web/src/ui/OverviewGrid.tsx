// The Overview tab of a user's, group's, room's or device's page: on wide
// screens the edit card on the left and the rest (counts, verification, the
// Danger Zone) on the right; one column on narrower ones.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";

export function OverviewGrid({ main, side, below }: { main: ReactNode; side: ReactNode; below?: ReactNode }) {
  return (
    <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, alignItems: "start" }}>
      {main}
      <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5, minWidth: 0 }}>{side}</Box>
      {below && <Box sx={{ gridColumn: "1 / -1", minWidth: 0 }}>{below}</Box>}
    </Box>
  );
}
