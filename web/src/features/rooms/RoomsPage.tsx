// /dash/rooms (spec 2 §2): 'Rooms', search, 'Show Deactivated', 'Add Room';
// columns NAME, STATUS, DEVICES (to the room's devices), DASHBOARD (only with a
// density device, to its utilization) and ACTIONS; a row opens the room. On
// phones each room is a card.
import { type MouseEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import IconButton from "@mui/joy/IconButton";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { DashboardIcon, MoreIcon, PlusIcon } from "../../ui/icons";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { PendingChip } from "../../ui/PendingChip";
import { allRowsLabel } from "../../ui/range_label";
import { SearchField } from "../../ui/SearchField";
import { ShowDeactivatedSwitch } from "../../ui/ShowDeactivatedSwitch";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { onRowItself } from "../../ui/row_click";
import { useIsPhone } from "../../ui/use_media_query";
import { AddRoomDialog } from "./AddRoomDialog";
import { type Room, useRooms } from "./api";
import { RoomActionsDialog } from "./RoomActionsDialog";
import { deviceCountLabel, filterRooms, ROOM_MESSAGES as M } from "./room_rules";

export default function RoomsPage() {
  usePageMeta("Rooms");
  const rooms = useRooms();
  useFailureToast(rooms.error, M.listFetchFailed);
  const phone = useIsPhone();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [showDeactivated, setShowDeactivated] = useState(false);
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<Room | null>(null);
  const shown = filterRooms(rooms.data ?? [], search, showDeactivated);
  const open = (room: Room) => navigate(`/dash/room/${room.id}`);

  return (
    <PageBody>
      <PageHeader
        title="Rooms"
        subtitle="Manage all rooms across the system"
        actions={<Button startDecorator={<PlusIcon size={18} />} onClick={() => setAdding(true)}>Add Room</Button>}
      />
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder="Search rooms..."
          label="Search rooms"
          sx={{ flex: "1 1 240px", maxWidth: 420 }}
        />
        <ShowDeactivatedSwitch checked={showDeactivated} onChange={setShowDeactivated} />
      </Box>

      {rooms.isPending
        ? <Typography role="status">Loading rooms...</Typography>
        : rooms.isError && !rooms.data
        ? <EmptyState>{M.listFetchFailed}</EmptyState>
        : shown.length === 0
        ? <EmptyState>{M.listEmpty}</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label="Rooms" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {shown.map((room) => (
              <Sheet
                component="li"
                key={room.id}
                variant="outlined"
                onClick={(e: MouseEvent) => onRowItself(e) && open(room)}
                sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "flex-start", cursor: "pointer" }}
              >
                <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.75 }}>
                  <RoomName room={room} />
                  <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
                    <StatusChip active={room.isActive} />
                    <DevicesLink room={room} />
                    {room.hasDashboard && <DashboardLink room={room} />}
                  </Box>
                </Box>
                <ActionsButton room={room} onActions={setActing} />
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label="Rooms" hoverRow sx={{ minWidth: 640, "& tbody tr": { cursor: "pointer" } }}>
              <thead>
                <tr>
                  <th scope="col" style={{ width: "36%" }}>NAME</th>
                  <th scope="col" style={{ width: "14%" }}>STATUS</th>
                  <th scope="col" style={{ width: "18%" }}>DEVICES</th>
                  <th scope="col" style={{ width: "18%" }}>DASHBOARD</th>
                  <th scope="col" style={{ width: "14%", textAlign: "right" }}>ACTIONS</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((room) => (
                  <tr key={room.id} onClick={(e) => onRowItself(e) && open(room)}>
                    <td><RoomName room={room} /></td>
                    <td><StatusChip active={room.isActive} /></td>
                    <td><DevicesLink room={room} /></td>
                    <td>{room.hasDashboard ? <DashboardLink room={room} /> : null}</td>
                    <td style={{ textAlign: "right" }}><ActionsButton room={room} onActions={setActing} /></td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}

      <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(shown.length)}</Typography>

      <AddRoomDialog open={adding} onClose={() => setAdding(false)} />
      <RoomActionsDialog room={acting} onClose={() => setActing(null)} />
    </PageBody>
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
