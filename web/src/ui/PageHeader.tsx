// The top of a dashboard page: its heading, an optional line under it, and
// actions on the right (below it on phones).
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";

export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: { xs: "flex-start", sm: "center" },
        justifyContent: "space-between",
        gap: 2,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography level="h1" fontSize={{ xs: "xl2", sm: "xl3" }}>{title}</Typography>
        {subtitle && <Typography level="body-md" textColor="text.secondary">{subtitle}</Typography>}
      </Box>
      {actions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>{actions}</Box>}
    </Box>
  );
}

/** The padded main region every dashboard page sits in. */
export function PageBody({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ p: { xs: 2, sm: 3 }, display: "flex", flexDirection: "column", gap: 2.5, maxWidth: 1280, mx: "auto" }}
    >
      {children}
    </Box>
  );
}
