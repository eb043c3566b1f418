// Phone and tablet navigation (below md): a top bar with the logo, an icon button
// per dashboard area, the red Lockdown button and the user's avatar (spec 1 §2 "Dashboard shell").
import { Link as RouterLink, useLocation } from "react-router-dom";
import Box from "@mui/joy/Box";
import IconButton from "@mui/joy/IconButton";
import Sheet from "@mui/joy/Sheet";
import type { SessionUser } from "../../api/session";
import { APP_NAME } from "../../ui/page_meta";
import { Tooltip } from "../../ui/Tooltip";
import { LockdownBarButton } from "../lockdown/public";
import { AccountButton } from "./AccountButton";
import { NAV_ICONS } from "./nav_icons";
import { activeArea, NAV_ITEMS } from "./nav_items";

export const TOP_BAR_HEIGHT = 56;

export function TopBar({ user, onAccount }: { user: SessionUser; onAccount: () => void }) {
  const area = activeArea(useLocation().pathname);
  return (
    <Sheet
      component="nav"
      aria-label="Dashboard"
      sx={{
        display: { xs: "flex", md: "none" },
        alignItems: "center",
        // Tight on a phone: eleven buttons share 390 px.
        gap: { xs: 0.5, sm: 1 },
        position: "sticky",
        top: 0,
        zIndex: 1000,
        height: TOP_BAR_HEIGHT,
        px: { xs: 0.5, sm: 1 },
        borderBottom: "1px solid",
        borderColor: "divider",
      }}
    >
      <IconButton component={RouterLink} to="/app" aria-label={`${APP_NAME} home`} variant="plain">
        <img src="/logo.svg" alt="" width={28} height={28} />
      </IconButton>
      <Box sx={{ flex: 1, display: "flex", justifyContent: "center", gap: { xs: 0, sm: 1 } }}>
        {NAV_ITEMS.map((item) => {
          const Icon = NAV_ICONS[item.area];
          const selected = area === item.area;
          return (
            <Tooltip key={item.area} title={item.label}>
              <IconButton
                component={RouterLink}
                to={item.to}
                aria-label={item.label}
                aria-current={selected ? "page" : undefined}
                variant={selected ? "soft" : "plain"}
                color={selected ? "primary" : "neutral"}
                // 32 px areas on a phone (still over the 24 px minimum target), so all fit.
                sx={{ minWidth: { xs: 32, sm: 36 }, minHeight: { xs: 32, sm: 36 }, px: { xs: 0.25, sm: 0.5 } }}
              >
                <Icon size={22} />
              </IconButton>
            </Tooltip>
          );
        })}
      </Box>
      <LockdownBarButton />
      <AccountButton user={user} onClick={onAccount} />
    </Sheet>
  );
}
