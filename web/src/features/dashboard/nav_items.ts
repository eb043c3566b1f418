// The areas of the dashboard navigation (spec 1 §2 "Dashboard shell", spec 3 §1, §5, §6,
// spec 4 §2, §5), and which one a path belongs to, so a detail page keeps its area highlighted.
export type NavArea = "users" | "groups" | "visitors" | "rooms" | "devices" | "doors" | "alarms" | "schedules" | "logs" | "audit" | "webhooks";

/** `phone`: in a phone's top bar itself; the others are under its `More` menu (docs/screens.md). */
export type NavItem = { area: NavArea; label: string; to: string; phone: boolean };

export const NAV_ITEMS: readonly NavItem[] = [
  { area: "users", label: "Users", to: "/dash/users", phone: true },
  { area: "groups", label: "Groups", to: "/dash/groups", phone: false },
  // Guests (spec 4 §5): who is coming today is asked for on the move, at the front door.
  { area: "visitors", label: "Visitors", to: "/dash/visitors", phone: true },
  { area: "rooms", label: "Rooms", to: "/dash/rooms", phone: true },
  { area: "devices", label: "Devices", to: "/dash/devices", phone: false },
  // The devices at work: what the doors are doing, and what needs someone now.
  { area: "doors", label: "Doors", to: "/dash/doors", phone: true },
  { area: "alarms", label: "Alarms", to: "/dash/alarms", phone: true },
  // After the doors: when they open.
  { area: "schedules", label: "Schedules", to: "/dash/schedules", phone: false },
  { area: "logs", label: "Logs", to: "/dash/logs", phone: true },
  { area: "audit", label: "Audit Log", to: "/dash/audit", phone: false },
  { area: "webhooks", label: "Webhooks", to: "/dash/webhooks", phone: false },
];

/** The label an area's link carries: the Alarms link says how many are active. */
export const navLabel = (item: NavItem, badge: number) => (badge > 0 ? `${item.label}, ${badge} active` : item.label);

export const APP_VERSION_LABEL = "v0.02";

// First path segment after /dash → area. Detail routes use the singular
// (/dash/user/7, /dash/room/3, /dash/device/9); the lock test page is a device page,
// and a holiday calendar (/dash/holidays/2) belongs with the schedules.
const SEGMENT_AREAS: Record<string, NavArea> = {
  users: "users",
  user: "users",
  groups: "groups",
  visitors: "visitors",
  rooms: "rooms",
  room: "rooms",
  devices: "devices",
  device: "devices",
  doors: "doors",
  alarms: "alarms",
  "lastlock-test": "devices",
  schedules: "schedules",
  holidays: "schedules",
  logs: "logs",
  audit: "audit",
  webhooks: "webhooks",
};

/** The area a /dash path belongs to, or null outside them. */
export function activeArea(pathname: string): NavArea | null {
  const [root, segment] = pathname.split("/").filter(Boolean);
  if (root !== "dash" || !segment) return null;
  return SEGMENT_AREAS[segment] ?? null;
}
