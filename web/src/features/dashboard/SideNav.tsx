// Desktop navigation (md and up): a narrow rail of icons fixed on the left that
// widens over the page on hover (or keyboard focus) to show the labels, the
// user's full name and the version (spec 1 §2 "Dashboard shell").
import { Link as RouterLink, useLocation } from "react-router-dom";
import Box from "@mui/joy/Box";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import ListItemButton from "@mui/joy/ListItemButton";
import ListItemDecorator from "@mui/joy/ListItemDecorator";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import type { SessionUser } from "../../api/session";
import { displayName } from "../../api/user_display";
import { APP_NAME } from "../../ui/page_meta";
import { LockdownNavItem } from "../lockdown/public";
import { AccountButton } from "./AccountButton";
import { NavIcon } from "./NavIcon";
import { activeArea, APP_VERSION_LABEL, NAV_ITEMS, navLabel } from "./nav_items";
import { useNavBadges } from "./use_nav_badges";

export const SIDE_NAV_COLLAPSED = 64;
export const SIDE_NAV_EXPANDED = 232;

// Labels stay in the accessibility tree while collapsed; only their opacity changes.
const LABEL = "side-nav-label";

export function SideNav({ user, onAccount }: { user: SessionUser; onAccount: () => void }) {
  const area = activeArea(useLocation().pathname);
  const badges = useNavBadges();
  return (
    <Sheet
      component="nav"
      aria-label="Dashboard"
      sx={{
        display: { xs: "none", md: "flex" },
        flexDirection: "column",
        position: "fixed",
        top: 0,
        bottom: 0,
        left: 0,
        zIndex: 1000,
        width: SIDE_NAV_COLLAPSED,
        overflowX: "hidden",
        overflowY: "auto",
        py: 1.5,
        borderRight: "1px solid",
        borderColor: "divider",
        transition: "width 200ms ease, box-shadow 200ms ease",
        [`& .${LABEL}`]: { opacity: 0, transition: "opacity 150ms ease", whiteSpace: "nowrap" },
        // Keyboard focus (not a mouse click) also opens it, so it never stays open by accident.
        "&:hover, &:has(:focus-visible)": {
          width: SIDE_NAV_EXPANDED,
          boxShadow: "lg",
          [`& .${LABEL}`]: { opacity: 1 },
        },
        "@media (prefers-reduced-motion: reduce)": { transition: "none", [`& .${LABEL}`]: { transition: "none" } },
      }}
    >
      <Box
        component={RouterLink}
        to="/app"
        aria-label={`${APP_NAME} home`}
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1.5,
          mx: 1,
          mb: 2,
          px: 1,
          py: 1,
          borderRadius: "sm",
          color: "text.primary",
          textDecoration: "none",
          "&:focus-visible": { outline: "2px solid", outlineColor: "focusVisible" },
        }}
      >
        <img src="/logo.svg" alt="" width={32} height={32} style={{ flexShrink: 0 }} />
        <Typography className={LABEL} level="title-lg" component="span" aria-hidden="true">
          {APP_NAME}
        </Typography>
      </Box>

      <List size="lg" sx={{ flexGrow: 0, gap: 0.5, px: 1, "--ListItem-radius": "8px" }}>
        {NAV_ITEMS.map((item) => {
          const selected = area === item.area;
          const badge = badges[item.area] ?? 0;
          return (
            <ListItem key={item.area}>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={selected}
                color={selected ? "primary" : "neutral"}
                aria-current={selected ? "page" : undefined}
                aria-label={navLabel(item, badge)}
              >
                <ListItemDecorator>
                  <NavIcon area={item.area} badge={badge} />
                </ListItemDecorator>
                <span className={LABEL}>{item.label}</span>
              </ListItemButton>
            </ListItem>
          );
        })}
        <LockdownNavItem labelClassName={LABEL} />
      </List>

      <Box sx={{ mt: "auto", px: 1.25, display: "flex", flexDirection: "column", gap: 1 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
          <AccountButton user={user} onClick={onAccount} />
          <Typography className={LABEL} level="title-sm" noWrap>
            {displayName(user)}
          </Typography>
        </Box>
        <Typography level="body-xs" sx={{ width: 40, textAlign: "center" }}>
          {APP_VERSION_LABEL}
        </Typography>
      </Box>
    </Sheet>
  );
}
