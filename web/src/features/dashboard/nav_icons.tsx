// The icon of each dashboard area.
import type { ComponentType } from "react";
import { AuditIcon, BellIcon, ClockIcon, DevicesIcon, DoorIcon, GroupsIcon, LogsIcon, RoomsIcon, UsersIcon, VisitorIcon, WebhookIcon } from "../../ui/icons";
import type { NavArea } from "./nav_items";

export const NAV_ICONS: Record<NavArea, ComponentType<{ size?: number }>> = {
  users: UsersIcon,
  groups: GroupsIcon,
  visitors: VisitorIcon,
  rooms: RoomsIcon,
  devices: DevicesIcon,
  doors: DoorIcon,
  alarms: BellIcon,
  schedules: ClockIcon,
  logs: LogsIcon,
  audit: AuditIcon,
  webhooks: WebhookIcon,
};
