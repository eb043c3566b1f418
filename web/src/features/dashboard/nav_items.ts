// The areas of the dashboard navigation (spec 1 §2 "Dashboard shell", spec 3 §1, §5, §6), and
// which one a path belongs to, so a detail page keeps its area highlighted.
export type NavArea = "users" | "groups" | "rooms" | "devices" | "schedules" | "logs" | "audit" | "webhooks";

export type NavItem = { area: NavArea; label: string; to: string };

export const NAV_ITEMS: readonly NavItem[] = [
  { area: "users", label: "Users", to: "/dash/users" },
  { area: "groups", label: "Groups", to: "/dash/groups" },
  { area: "rooms", label: "Rooms", to: "/dash/rooms" },
  { area: "devices", label: "Devices", to: "/dash/devices" },
  // After the doors: when they open.
  { area: "schedules", label: "Schedules", to: "/dash/schedules" },
  { area: "logs", label: "Logs", to: "/dash/logs" },
  { area: "audit", label: "Audit Log", to: "/dash/audit" },
  { area: "webhooks", label: "Webhooks", to: "/dash/webhooks" },
];

export const APP_VERSION_LABEL = "v0.02";

// First path segment after /dash → area. Detail routes use the singular
// (/dash/user/7, /dash/room/3, /dash/device/9); the lock test page is a device page,
// and a holiday calendar (/dash/holidays/2) belongs with the schedules.
const SEGMENT_AREAS: Record<string, NavArea> = {
  users: "users",
  user: "users",
  groups: "groups",
  rooms: "rooms",
  room: "rooms",
  devices: "devices",
  device: "devices",
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
