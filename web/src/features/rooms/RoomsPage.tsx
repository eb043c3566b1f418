// /dash/rooms (spec 2 §2): 'Rooms', search, 'Show Deactivated', 'Add Room';
// columns NAME, STATUS, DEVICES (to the room's devices), DASHBOARD (only with a
// density device, to its utilization) and ACTIONS; a row opens the room. On
// phones each room is a card.
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import IconButton from "@mui/joy/IconButton";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { type Room, useRooms } from "../../api/rooms";
import { DashboardIcon, MoreIcon } from "../../ui/icons";
import { ListPage, listStateOf, useListFilters } from "../../ui/ListPage";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { filterByNameOrDescription } from "../../ui/name_filter";
import { usePageMeta } from "../../ui/page_meta";
import { PendingChip } from "../../ui/PendingChip";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { AddRoomDialog } from "./AddRoomDialog";
import { RoomActionsDialog } from "./RoomActionsDialog";
import { deviceCountLabel, ROOM_MESSAGES as M } from "./room_rules";

export default function RoomsPage() {
  usePageMeta("Rooms");
  const rooms = useRooms();
  useFailureToast(rooms.error, M.listFetchFailed);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<Room | null>(null);
  const { search, showDeactivated, controls } = useListFilters();
  const shown = filterByNameOrDescription(rooms.data ?? [], search, showDeactivated);
  const open = (room: Room) => navigate(`/dash/room/${room.id}`);

  return (
    <ListPage
      title="Rooms"
      subtitle="Manage all rooms across the system"
      add={{ label: "Add Room", onClick: () => setAdding(true) }}
      controls={controls}
      searchText={{ placeholder: "Search rooms...", label: "Search rooms" }}
      state={listStateOf(rooms, shown.length, { loading: "Loading rooms...", failed: M.listFetchFailed, empty: M.listEmpty })}
      rows={
        <ListView
          label="Rooms"
          items={shown}
          onOpen={open}
          card={(room) => <RoomCard room={room} onActions={setActing} />}
          columns={columns(setActing)}
          tableSx={{ minWidth: 640 }}
        />
      }
    >
      <AddRoomDialog open={adding} onClose={() => setAdding(false)} />
      <RoomActionsDialog room={acting} onClose={() => setActing(null)} />
    </ListPage>
  );
}

const columns = (onActions: (room: Room) => void): ListColumn<Room>[] => [
  { header: "NAME", width: "36%", cell: (room) => <RoomName room={room} /> },
  { header: "STATUS", width: "14%", cell: (room) => <StatusChip active={room.isActive} /> },
  { header: "DEVICES", width: "18%", cell: (room) => <DevicesLink room={room} /> },
  { header: "DASHBOARD", width: "18%", cell: (room) => (room.hasDashboard ? <DashboardLink room={room} /> : null) },
  { header: "ACTIONS", width: "14%", cell: (room) => <ActionsButton room={room} onActions={onActions} />, style: { textAlign: "right" } },
];

function RoomCard({ room, onActions }: { room: Room; onActions: (room: Room) => void }) {
  return (
    <>
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.75 }}>
        <RoomName room={room} />
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
          <StatusChip active={room.isActive} />
          <DevicesLink room={room} />
          {room.hasDashboard && <DashboardLink room={room} />}
        </Box>
      </Box>
      <ActionsButton room={room} onActions={onActions} />
    </>
  );
}

function RoomName({ room }: { room: Room }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={`/dash/room/${room.id}`} level="title-sm" sx={{ display: "block", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {room.name}
        </Link>
        {room.description && <Typography level="body-xs" noWrap>{room.description}</Typography>}
      </Box>
      <PendingChip entity={`rooms/${room.id}`} />
    </Box>
  );
}

function DevicesLink({ room }: { room: Room }) {
  return (
    <Link component={RouterLink} to={`/dash/room/${room.id}/devices`} level="body-sm" aria-label={`${deviceCountLabel(room.deviceCount)} in ${room.name}`}>
      {deviceCountLabel(room.deviceCount)}
    </Link>
  );
}

function DashboardLink({ room }: { room: Room }) {
  return (
    <Link
      component={RouterLink}
      to={`/dash/room/${room.id}/utilization`}
      level="body-sm"
      startDecorator={<DashboardIcon size={16} />}
      aria-label={`Dashboard of ${room.name}`}
    >
      Dashboard
    </Link>
  );
}

function ActionsButton({ room, onActions }: { room: Room; onActions: (room: Room) => void }) {
  return (
    <IconButton size="sm" variant="plain" color="neutral" aria-label={`Actions for ${room.name}`} aria-haspopup="dialog" onClick={() => onActions(room)}>
      <MoreIcon />
    </IconButton>
  );
}
