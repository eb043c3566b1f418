// The text a list shows when it has nothing to show.
import type { ReactNode } from "react";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Sheet
      variant="outlined"
      sx={{ borderRadius: "sm", p: 4, display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}
    >
      <Typography level="body-md" textAlign="center" textColor="text.secondary">{children}</Typography>
      {action}
    </Sheet>
  );
}
