// 'Assign Device to Room' (spec 2 §2): the devices in no room, filtered by name
// or type, each with Assign. Empty: 'No unassigned devices available' or 'No
// devices found matching your search'.
import { useId, useState } from "react";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import DialogTitle from "@mui/joy/DialogTitle";
import Modal from "@mui/joy/Modal";
import ModalClose from "@mui/joy/ModalClose";
import ModalDialog from "@mui/joy/ModalDialog";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { SearchField } from "../../ui/SearchField";
import { useFailureToast } from "../../ui/use_failure_toast";
import { type Device, useDevices } from "../devices/api";
import { useAssignDevice } from "../devices/changes";
import { DEVICE_MESSAGES, deviceInitial, filterByNameOrType, typeLabel, unassignedDevices } from "../devices/device_rules";
import type { Room } from "./api";
import { doneToast, errorToast } from "./change_toasts";
import { ROOM_MESSAGES as M } from "./room_rules";

type Props = { room: Room; open: boolean; onClose: () => void };

export function AssignDeviceDialog({ room, open, onClose }: Props) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose}>
      <ModalDialog aria-labelledby={titleId} sx={{ width: "min(520px, calc(100vw - 32px))" }}>
        <ModalClose aria-label="Close" />
        <DialogTitle id={titleId} component="h2">Assign Device to Room</DialogTitle>
        {open && <Picker room={room} />}
      </ModalDialog>
    </Modal>
  );
}

function Picker({ room }: { room: Room }) {
  const devices = useDevices();
  useFailureToast(devices.error, DEVICE_MESSAGES.fetchFailed);
  const [search, setSearch] = useState("");
  // Said inside the dialog too: while it is open the page's toasts are hidden from screen readers.
  const [said, setSaid] = useState("");
  const free = unassignedDevices(devices.data ?? []);
  const shown = filterByNameOrType(free, search);
  const assign = useAssignDevice({
    onSuccess: (result, vars) => {
      doneToast(M.deviceAssigned, result);
      setSaid(`${vars.device.name} assigned to this room.`);
    },
    onError: (error) => errorToast(error, M.assignFailed),
  });

  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5, minHeight: 0 }}>
      <SearchField value={search} onChange={setSearch} placeholder="Search devices..." label="Search unassigned devices by name or type" autoFocus />
      <Typography role="status" level="body-sm" textColor="success.plainColor" sx={{ minHeight: "1.25em" }}>{said}</Typography>
      {devices.isPending
        ? <Typography role="status">Loading devices...</Typography>
        : shown.length === 0
        ? <EmptyState>{free.length === 0 ? M.noUnassigned : M.noUnassignedMatch}</EmptyState>
        : (
          <Sheet variant="plain" sx={{ overflowY: "auto", maxHeight: "min(420px, calc(100dvh - 260px))" }}>
            <Box component="ul" aria-label="Unassigned devices" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
              {shown.map((device: Device) => (
                <Box component="li" key={device.id} sx={{ display: "flex", alignItems: "center", gap: 1.25, px: 0.5 }}>
                  <Avatar size="sm" aria-hidden="true">{deviceInitial(device.name)}</Avatar>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography level="title-sm" noWrap>{device.name}</Typography>
                    <Typography level="body-xs" noWrap>{typeLabel(device.type)}</Typography>
                  </Box>
                  <Button
                    size="sm"
                    variant="soft"
                    aria-label={`Assign ${device.name}`}
                    disabled={assign.isPending && assign.variables?.device.id === device.id}
                    onClick={() => assign.mutate({ device, roomId: room.id })}
                  >
                    Assign
                  </Button>
                </Box>
              ))}
            </Box>
          </Sheet>
        )}
    </Box>
  );
}
