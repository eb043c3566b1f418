// /dash/room/{id}/devices (spec 2 §2): the room's devices (name, type) searched
// by name or type, 'Assign Device to Room', and Remove after a confirmation.
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Typography from "@mui/joy/Typography";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { EmptyState } from "../../ui/EmptyState";
import { PlusIcon } from "../../ui/icons";
import { PendingChip } from "../../ui/PendingChip";
import { SearchField } from "../../ui/SearchField";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { type Device, useRoomDevices } from "../devices/api";
import { useAssignDevice } from "../devices/changes";
import { DEVICE_MESSAGES, deviceInitial, filterByNameOrType, typeLabel } from "../devices/device_rules";
import type { Room } from "./api";
import { AssignDeviceDialog } from "./AssignDeviceDialog";
import { toastThenClose } from "./change_toasts";
import { RoomLayout } from "./RoomLayout";
import { removeDeviceConfirmation, ROOM_MESSAGES as M } from "./room_rules";

export default function RoomDevicesPage() {
  return <RoomLayout tab="Devices">{(room) => <RoomDevices room={room} />}</RoomLayout>;
}

function RoomDevices({ room }: { room: Room }) {
  const devices = useRoomDevices(room.id);
  useFailureToast(devices.error, DEVICE_MESSAGES.fetchFailed);
  const phone = useIsPhone();
  const [search, setSearch] = useState("");
  const [assigning, setAssigning] = useState(false);
  const [removing, setRemoving] = useState<Device | null>(null);
  const remove = useAssignDevice(
    toastThenClose(M.deviceRemoved, M.removeFailed, () => setRemoving(null)),
  );
  const shown = filterByNameOrType(devices.data ?? [], search);

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, justifyContent: "space-between" }}>
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder="Search devices..."
          label="Search devices by name or type"
          sx={{ flex: "1 1 220px", maxWidth: 420 }}
        />
        <Button startDecorator={<PlusIcon size={18} />} onClick={() => setAssigning(true)}>Assign Device to Room</Button>
      </Box>
      {devices.isPending && room.id > 0
        ? <Typography role="status">Loading devices...</Typography>
        : shown.length === 0
        ? <EmptyState>{devices.isError ? DEVICE_MESSAGES.fetchFailed : M.devicesEmpty}</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label="Room devices" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {shown.map((device) => (
              <Sheet component="li" key={device.id} variant="outlined" sx={{ borderRadius: "sm", p: 1.5, display: "flex", gap: 1, alignItems: "center" }}>
                <DeviceCell device={device} />
                <RemoveButton device={device} onRemove={setRemoving} />
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label="Room devices" sx={{ tableLayout: "fixed" }}>
              <thead>
                <tr>
                  <th scope="col" style={{ width: "55%" }}>DEVICE</th>
                  <th scope="col" style={{ width: "25%" }}>STATUS</th>
                  <th scope="col" style={{ width: "20%", textAlign: "right" }}>ACTIONS</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((device) => (
                  <tr key={device.id}>
                    <td><DeviceCell device={device} /></td>
                    <td><StatusChip active={device.isActive} /></td>
                    <td style={{ textAlign: "right" }}><RemoveButton device={device} onRemove={setRemoving} /></td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}

      <AssignDeviceDialog room={room} open={assigning} onClose={() => setAssigning(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove Device"
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ device: removing, roomId: null })}
        onClose={() => setRemoving(null)}
      >
        {removing && removeDeviceConfirmation(removing.name)}
      </ConfirmDialog>
    </Box>
  );
}

function DeviceCell({ device }: { device: Device }) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.25, minWidth: 0, flex: 1 }}>
      <Avatar size="sm" aria-hidden="true">{deviceInitial(device.name)}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Link component={RouterLink} to={`/dash/device/${device.id}`} level="title-sm" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
            {device.name}
          </Link>
          <PendingChip entity={`devices/${device.id}`} />
        </Box>
        <Typography level="body-xs" noWrap>{typeLabel(device.type)}</Typography>
      </Box>
    </Box>
  );
}

function RemoveButton({ device, onRemove }: { device: Device; onRemove: (d: Device) => void }) {
  return (
    <Button size="sm" variant="plain" color="danger" aria-label={`Remove ${device.name}`} onClick={() => onRemove(device)}>
      Remove
    </Button>
  );
}
