// /dash/room/{id}/devices (spec 2 §2): the room's devices (name, type) searched
// by name or type, 'Assign Device to Room', and Remove after a confirmation.
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { HeldItemsList } from "../../ui/HeldItemsList";
import { PendingChip } from "../../ui/PendingChip";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { type Device, useRoomDevices } from "../../api/devices";
import { deviceInitial, typeLabel } from "../../api/device_display";
import type { Room } from "../../api/rooms";
import { toastThenClose } from "../../ui/toast/change_toasts";
import { AssignDeviceDialog } from "./AssignDeviceDialog";
import { useAssignDevice } from "./changes";
import { RoomLayout } from "./RoomLayout";
import { filterByNameOrType, removeDeviceConfirmation, ROOM_MESSAGES as M } from "./room_rules";

export default function RoomDevicesPage() {
  return <RoomLayout tab="Devices">{(room) => <RoomDevices room={room} />}</RoomLayout>;
}

function RoomDevices({ room }: { room: Room }) {
  const devices = useRoomDevices(room.id);
  useFailureToast(devices.error, M.devicesFetchFailed);
  const [assigning, setAssigning] = useState(false);
  const remove = useAssignDevice(toastThenClose(M.deviceRemoved, M.removeFailed));

  return (
    <HeldItemsList
      label="Room devices"
      items={devices.data ?? []}
      loading={devices.isPending && room.id > 0}
      loadingText="Loading devices..."
      emptyText={() => (devices.isError ? M.devicesFetchFailed : M.devicesEmpty)}
      search={{ placeholder: "Search devices...", label: "Search devices by name or type", filter: filterByNameOrType }}
      add={{ label: "Assign Device to Room", onClick: () => setAssigning(true) }}
      columns={[
        { header: "DEVICE", width: "55%", cell: (device) => <DeviceCell device={device} /> },
        { header: "STATUS", width: "25%", cell: (device) => <StatusChip active={device.isActive} /> },
      ]}
      actionsWidth="20%"
      card={(device) => <DeviceCell device={device} />}
      nameOf={(device) => device.name}
      removal={{
        title: "Remove Device",
        busy: remove.isPending,
        text: (device) => removeDeviceConfirmation(device.name),
        confirm: (device, settled) => remove.mutate({ device, roomId: null }, { onSettled: settled }),
      }}
    >
      <AssignDeviceDialog room={room} open={assigning} onClose={() => setAssigning(false)} />
    </HeldItemsList>
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
