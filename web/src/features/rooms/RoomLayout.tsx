// What every tab of a room shares (spec 2 §2): the back link to /dash/rooms,
// the room's name and status, and the tabs Overview, Utilization (only with a
// density device), Devices, Log and Access (spec 4 §7); 'Loading room...' and
// 'Room not found'.
// A room id that is not a number is not found without asking the server. A
// room created offline renders from the cached list row and, once the server
// has made it, the page moves to its real id.
import type { ReactNode } from "react";
import Typography from "@mui/joy/Typography";
import { type Room, useRoom, useRooms } from "../../api/rooms";
import { EntityHeader } from "../../ui/EntityHeader";
import { EntityLayout, type EntityPages, type EntityTab } from "../../ui/EntityLayout";
import { ROOM_MESSAGES as M } from "./room_rules";
import { historyLink } from "../audit/public";

const TABS: EntityTab<Room>[] = [
  { label: "Overview", screen: "Room", path: "" },
  { label: "Utilization", screen: "Room Utilization", path: "/utilization", shown: (room) => room.hasDashboard },
  { label: "Devices", screen: "Room Devices", path: "/devices" },
  { label: "Log", screen: "Room Logs", path: "/logs" },
  { label: "Access", screen: "Room Access", path: "/access" },
  // The sensor page is reached from the Overview; it has no tab of its own.
  { label: "Sensor", screen: "Room Sensor", path: "/sensor", shown: () => false },
];
type RoomTab = "Overview" | "Utilization" | "Devices" | "Log" | "Access" | "Sensor";

const PAGES: EntityPages<Room> = {
  kind: "rooms",
  list: { to: "/dash/rooms", label: "Rooms" },
  pageOf: (id) => `/dash/room/${id}`,
  tabs: TABS,
  read: { one: useRoom, all: useRooms },
  /** Room names need not be unique: the newest saved room of that name is the one just made. */
  made: (saved, created) => saved.filter((r) => r.name === created.name).sort((a, b) => b.id - a.id)[0],
  texts: { loading: M.loading, fetchFailed: M.fetchFailed, notFound: M.notFound },
};

export function RoomLayout({ tab, children }: { tab: RoomTab; children: (room: Room) => ReactNode }) {
  return (
    <EntityLayout
      pages={PAGES}
      current={tab}
      header={(room) => (
        <EntityHeader
          // The sensor page's link goes back to the room, the others' to the list.
          back={tab === "Sensor" ? { to: `/dash/room/${room.id}`, label: room.name } : PAGES.list}
          title={room.name}
          active={room.isActive}
          pending={`rooms/${room.id}`}
          history={historyLink("room", room.id)}
        >
          {room.description && <Typography textColor="text.secondary">{room.description}</Typography>}
        </EntityHeader>
      )}
    >
      {children}
    </EntityLayout>
  );
}
