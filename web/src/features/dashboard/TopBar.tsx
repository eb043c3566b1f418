// Phone and tablet navigation (below md): a top bar with the logo, an icon button
// per dashboard area, the red Lockdown button and the user's avatar (spec 1 §2
// "Dashboard shell"). On a phone only the areas marked `phone` have their own button
// and the rest sit under `More` (spec 4 §2 and §5 brought the areas to eleven: fifteen
// 32 px buttons do not fit 390 px); from 600 px every area has its button again.
import { Link as RouterLink, useLocation } from "react-router-dom";
import Box from "@mui/joy/Box";
import Dropdown from "@mui/joy/Dropdown";
import IconButton from "@mui/joy/IconButton";
import ListItemDecorator from "@mui/joy/ListItemDecorator";
import Menu from "@mui/joy/Menu";
import MenuButton from "@mui/joy/MenuButton";
import MenuItem from "@mui/joy/MenuItem";
import Sheet from "@mui/joy/Sheet";
import type { SessionUser } from "../../api/session";
import { MoreIcon } from "../../ui/icons";
import { APP_NAME } from "../../ui/page_meta";
import { Tooltip } from "../../ui/Tooltip";
import { LockdownBarButton } from "../lockdown/public";
import { AccountButton } from "./AccountButton";
import { NavIcon } from "./NavIcon";
import { activeArea, type NavArea, NAV_ITEMS, navLabel } from "./nav_items";
import { useNavBadges } from "./use_nav_badges";

export const TOP_BAR_HEIGHT = 56;
const MORE = "More";

// 32 px areas on a phone (still over the 24 px minimum target).
const BUTTON_SX = { minWidth: { xs: 32, sm: 36 }, minHeight: { xs: 32, sm: 36 }, px: { xs: 0.25, sm: 0.5 } };

export function TopBar({ user, onAccount }: { user: SessionUser; onAccount: () => void }) {
  const area = activeArea(useLocation().pathname);
  const badges = useNavBadges();
  return (
    <Sheet
      component="nav"
      aria-label="Dashboard"
      sx={{
        display: { xs: "flex", md: "none" },
        alignItems: "center",
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
      <Box sx={{ flex: 1, display: "flex", justifyContent: "center", gap: { xs: 0.25, sm: 0.5 } }}>
        {NAV_ITEMS.map((item) => {
          const selected = area === item.area;
          const badge = badges[item.area] ?? 0;
          return (
            <Tooltip key={item.area} title={item.label}>
              <IconButton
                component={RouterLink}
                to={item.to}
                aria-label={navLabel(item, badge)}
                aria-current={selected ? "page" : undefined}
                variant={selected ? "soft" : "plain"}
                color={selected ? "primary" : "neutral"}
                sx={{ ...BUTTON_SX, display: { xs: item.phone ? "inline-flex" : "none", sm: "inline-flex" } }}
              >
                <NavIcon area={item.area} badge={badge} />
              </IconButton>
            </Tooltip>
          );
        })}
        <MoreMenu area={area} />
      </Box>
      <LockdownBarButton />
      <AccountButton user={user} onClick={onAccount} />
    </Sheet>
  );
}

/** The phone's `More`: the areas without a button of their own; lit while one of them is open. */
function MoreMenu({ area }: { area: NavArea | null }) {
  const rest = NAV_ITEMS.filter((item) => !item.phone);
  const inside = rest.some((item) => item.area === area);
  return (
    <Dropdown>
      <MenuButton
        slots={{ root: IconButton }}
        slotProps={{ root: { variant: inside ? "soft" : "plain", color: inside ? "primary" : "neutral" } }}
        aria-label={MORE}
        sx={{ ...BUTTON_SX, display: { xs: "inline-flex", sm: "none" } }}
      >
        <MoreIcon size={22} />
      </MenuButton>
      <Menu placement="bottom-end" sx={{ zIndex: 1100 }}>
        {rest.map((item) => (
          <MenuItem
            key={item.area}
            component={RouterLink}
            to={item.to}
            selected={item.area === area}
            aria-current={item.area === area ? "page" : undefined}
          >
            <ListItemDecorator>
              <NavIcon area={item.area} badge={0} />
            </ListItemDecorator>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </Dropdown>
  );
}
