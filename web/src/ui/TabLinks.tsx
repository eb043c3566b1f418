// Tabs that are links (spec 1 §2: each tab of a user or group is its own
// route): a navigation landmark whose current tab carries aria-current.
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Link from "@mui/joy/Link";

export type TabLink = { label: string; to: string };

export function TabLinks({ label, tabs, current }: { label: string; tabs: TabLink[]; current: string }) {
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: "flex", gap: { xs: 2, sm: 3 }, borderBottom: "1px solid", borderColor: "divider", overflowX: "auto" }}
    >
      {tabs.map((tab) => {
        const selected = tab.label === current;
        return (
          <Link
            key={tab.to}
            component={RouterLink}
            to={tab.to}
            aria-current={selected ? "page" : undefined}
            underline="none"
            level="title-sm"
            sx={{
              py: 1.25,
              whiteSpace: "nowrap",
              color: selected ? "primary.plainColor" : "text.secondary",
              borderBottom: "2px solid",
              borderColor: selected ? "primary.solidBg" : "transparent",
              mb: "-1px",
              "&:hover": { color: "text.primary" },
            }}
          >
            {tab.label}
          </Link>
        );
      })}
    </Box>
  );
}
