// The Devices page's UniFi tab (spec 2 §2): Connected/Offline, host or 'Not
// configured', 'Credentials Valid'/'No Credentials', Discover Devices, and the
// pending Ubiquiti cameras and sensors (online state, model, IP, MAC) each with
// an 'Assign to Room' picker of all rooms. The status is read every 30 s, only
// while this tab is open.
import Box from "@mui/joy/Box";
import Chip from "@mui/joy/Chip";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { useRooms } from "../../api/rooms";
import { DevicesIcon } from "../../ui/icons";
import { IntegrationStatusCard } from "../../ui/IntegrationStatusCard";
import { PendingDeviceRow, PendingDevicesCard } from "../../ui/PendingDevicesCard";
import { changeToasts, doneToast, failedToast } from "../../ui/toast/change_toasts";
import { type PendingUnifiDevice, useAssignUnifiDevice, useDiscoverUnifi, usePendingUnifi, useUnifiStatus } from "./unifi_api";
import { assignedText, discoveryText, pendingUnifiDevices, UNIFI_MESSAGES as M } from "./unifi_rules";

const STATUS_TEXTS = {
  title: "UniFi Integration",
  disconnected: "Offline",
  credentialsValid: M.credentialsValid,
  noCredentials: M.noCredentials,
  notConfigured: M.notConfigured,
};

const PENDING_TEXTS = {
  title: "Discovered Devices",
  description: "Ubiquiti cameras and sensors found by discovery wait here until they are assigned to a room.",
  loading: "Loading discovered devices...",
  failed: "Failed to fetch devices",
  empty: "No devices are waiting for a room. Use Discover Devices to look for new ones.",
};

export default function UnifiTab() {
  const status = useUnifiStatus();
  const discover = useDiscoverUnifi(changeToasts(M.discoveryTitle, { title: M.discoveryFailedTitle, fallback: M.discoveryFailed }, discoveryText));
  return (
    <>
      <IntegrationStatusCard
        labelId="unifi-connection"
        icon={<DevicesIcon />}
        texts={STATUS_TEXTS}
        status={status}
        discover={{ offered: true, isPending: discover.isPending, run: () => discover.mutate() }}
      />
      <PendingDevices />
    </>
  );
}

function PendingDevices() {
  const pending = usePendingUnifi();
  const devices = pendingUnifiDevices(pending.data ?? []);
  return (
    <PendingDevicesCard labelId="unifi-pending" texts={PENDING_TEXTS} query={pending} count={devices.length}>
      {devices.map((device) => <PendingDevice key={device.id} device={device} />)}
    </PendingDevicesCard>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Typography level="body-xs" textColor="text.secondary" component="span">
      {label}: <Typography component="span" textColor="text.primary" sx={{ fontFamily: "code" }}>{value || "Unknown"}</Typography>
    </Typography>
  );
}

function PendingDevice({ device }: { device: PendingUnifiDevice }) {
  const rooms = useRooms();
  const assign = useAssignUnifiDevice({
    onSuccess: (result, { room }) => doneToast(M.assignedTitle, result, assignedText(device.name, room.name)),
    onError: (error) => failedToast(M.assignmentFailedTitle, error, M.assignmentFailed),
  });
  const online = device.unifiIsOnline === true;

  return (
    <PendingDeviceRow
      action={
        <Select
          placeholder={assign.isPending ? "Assigning..." : M.assignToRoom}
          value={null}
          disabled={assign.isPending || !rooms.data}
          onChange={(_, roomId) => {
            const room = rooms.data?.find((r) => r.id === roomId);
            if (room) assign.mutate({ device, room });
          }}
          slotProps={{
            button: { "aria-label": `Assign ${device.name} to Room` },
            listbox: { sx: { maxHeight: 320, maxWidth: "min(360px, calc(100vw - 32px))" } },
          }}
          // The placeholder is the picker's label: full strength, for contrast.
          sx={{ minWidth: 200, flex: { xs: "1 1 100%", sm: "0 0 auto" }, "--Select-placeholderOpacity": 1 }}
        >
          {(rooms.data ?? []).map((room) => <Option key={room.id} value={room.id}>{room.name}</Option>)}
        </Select>
      }
    >
      <Box sx={{ minWidth: 0, flex: "1 1 260px", display: "flex", flexDirection: "column", gap: 0.5 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography level="title-md">{device.name}</Typography>
          <Chip size="sm" variant="soft" color={online ? "success" : "neutral"}>{online ? "Online" : "Offline"}</Chip>
          <Chip size="sm" variant="outlined" color="neutral">{device.type === "camera" ? "Camera" : "Sensor"}</Chip>
        </Box>
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
          <Detail label="Model" value={device.unifiModel} />
          <Detail label="IP" value={device.unifiIp} />
          <Detail label="MAC" value={device.unifiMac} />
        </Box>
      </Box>
    </PendingDeviceRow>
  );
}
