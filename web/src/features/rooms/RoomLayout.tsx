// What every tab of a room shares (spec 2 §2): the back link to /dash/rooms,
// the room's name and status, and the tabs Overview, Utilization (only with a
// density device), Devices and Log; 'Loading room...' and 'Room not found'.
// A room id that is not a number is not found without asking the server. A
// room created offline renders from the cached list row and, once the server
// has made it, the page moves to its real id.
import { type ReactNode, useEffect } from "react";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { isNotFound } from "../../api/api_error";
import { usePending } from "../../offline/use_outbox";
import { ArrowLeftIcon } from "../../ui/icons";
import { PageBody } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { PendingChip } from "../../ui/PendingChip";
import { StatusChip } from "../../ui/StatusChip";
import { TabLinks } from "../../ui/TabLinks";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useRouteId } from "../../ui/use_route_id";
import { isSavedRoom, type Room, useRoom, useRooms } from "./api";
import { ROOM_MESSAGES as M } from "./room_rules";

export type RoomTab = "Overview" | "Utilization" | "Devices" | "Log" | "Sensor";

const SCREEN: Record<RoomTab, string> = {
  Overview: "Room",
  Utilization: "Room Utilization",
  Devices: "Room Devices",
  Log: "Room Logs",
  Sensor: "Room Sensor",
};

export function roomTabs(room: Pick<Room, "id" | "hasDashboard">) {
  return [
    { label: "Overview", to: `/dash/room/${room.id}` },
    ...(room.hasDashboard ? [{ label: "Utilization", to: `/dash/room/${room.id}/utilization` }] : []),
    { label: "Devices", to: `/dash/room/${room.id}/devices` },
    { label: "Log", to: `/dash/room/${room.id}/logs` },
  ];
}

export function RoomLayout({ tab, children }: { tab: RoomTab; children: (room: Room) => ReactNode }) {
  usePageMeta(SCREEN[tab]);
  const id = useRouteId();
  const room = useRoom(id);
  const missing = isNotFound(room.error);
  useFailureToast(room.isError && !missing ? room.error : null, M.fetchFailed);
  useFollowCreatedRoom(id, room.data);

  if (Number.isNaN(id) || missing || (!isSavedRoom(id) && !room.data)) return <RoomNotFound />;
  if (!room.data) {
    return (
      <PageBody>
        <Typography role="status">{room.isError ? M.fetchFailed : M.loading}</Typography>
      </PageBody>
    );
  }
  return (
    <PageBody>
      <RoomHeader room={room.data} back={tab === "Sensor" ? { to: `/dash/room/${room.data.id}`, label: room.data.name } : undefined} />
      {tab !== "Sensor" && <TabLinks label="Room sections" tabs={roomTabs(room.data)} current={tab} />}
      {children(room.data)}
    </PageBody>
  );
}

/** On a room made offline: once the server has it, go to its real page (same tab). */
function useFollowCreatedRoom(id: number, room: Room | undefined) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = usePending(`rooms/${id}`);
  const list = useRooms(!Number.isNaN(id) && !isSavedRoom(id));
  useEffect(() => {
    if (Number.isNaN(id) || isSavedRoom(id) || pending || !room) return;
    // Room names need not be unique: the newest room of that name is the one just made.
    const made = list.data?.filter((r) => isSavedRoom(r.id) && r.name === room.name).sort((a, b) => b.id - a.id)[0];
    if (made) navigate(pathname.replace(`/room/${id}`, `/room/${made.id}`), { replace: true });
  }, [id, pending, room, list.data, navigate, pathname]);
}

/** The back link goes to the rooms list, or from the sensor page to the room. */
function RoomHeader({ room, back = { to: "/dash/rooms", label: "Rooms" } }: { room: Room; back?: { to: string; label: string } }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Link component={RouterLink} to={back.to} level="body-sm" startDecorator={<ArrowLeftIcon size={16} />} sx={{ alignSelf: "flex-start" }}>
        {back.label}
      </Link>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography level="h1" fontSize={{ xs: "xl2", sm: "xl3" }} sx={{ wordBreak: "break-word" }}>{room.name}</Typography>
        <StatusChip active={room.isActive} />
        <PendingChip entity={`rooms/${room.id}`} />
      </Box>
      {room.description && <Typography textColor="text.secondary">{room.description}</Typography>}
    </Box>
  );
}

export function RoomNotFound() {
  return (
    <PageBody>
      <Card sx={{ maxWidth: 480, mx: "auto", mt: 6, textAlign: "center", alignItems: "center", gap: 1.5 }}>
        <Typography level="h1" fontSize="xl2">{M.notFound}</Typography>
        <Button component={RouterLink} to="/dash/rooms">Back to Rooms</Button>
      </Card>
    </PageBody>
  );
}
