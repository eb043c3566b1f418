// An area's icon in the navigation, with its badge when it has one (the Alarms count).
import Badge from "@mui/joy/Badge";
import { NAV_ICONS } from "./nav_icons";
import type { NavArea } from "./nav_items";

export function NavIcon({ area, badge }: { area: NavArea; badge: number }) {
  const Icon = NAV_ICONS[area];
  if (!badge) return <Icon size={22} />;
  return (
    <Badge badgeContent={badge} max={99} color="danger" size="sm" badgeInset="-2px -4px" aria-hidden="true">
      <Icon size={22} />
    </Badge>
  );
}
