// The Devices page's UniFi tab (spec 2 §2): Connected/Offline, host or 'Not
// configured', 'Credentials Valid'/'No Credentials', Discover Devices, and the
// pending Ubiquiti cameras and sensors (online state, model, IP, MAC) each with
// an 'Assign to Room' picker of all rooms. The status is read every 30 s, only
// while this tab is open.
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { isQueued } from "../../api/mutations";
import { DevicesIcon, SearchIcon } from "../../ui/icons";
import { toast } from "../../ui/toast/toast";
import { useRooms } from "../rooms/api";
import { OFFLINE_NOTE } from "../users/user_toasts";
import { type PendingUnifiDevice, useAssignUnifiDevice, useDiscoverUnifi, usePendingUnifi, useUnifiStatus } from "../unifi/api";
import { assignedText, discoveryText, pendingUnifiDevices, UNIFI_MESSAGES as M } from "../unifi/unifi_rules";
import { serverMessage } from "../../api/api_error";

/** The tab's label. */
export function UnifiTabLabel() {
  return <>UniFi</>;
}

export default function UnifiTab() {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <ConnectionCard />
      <PendingDevices />
    </Box>
  );
}

function ConnectionCard() {
  const status = useUnifiStatus();
  const discover = useDiscoverUnifi({
    onSuccess: (result) =>
      toast({ title: M.discoveryTitle, description: isQueued(result) ? OFFLINE_NOTE : discoveryText(result) }),
    onError: (error) =>
      toast({ title: M.discoveryFailedTitle, description: serverMessage(error, M.discoveryFailed), variant: "destructive" }),
  });
  const data = status.data;
  const connected = data?.connected === true;

  return (
    <Card component="section" aria-labelledby="unifi-connection" sx={{ gap: 1.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}>
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", minWidth: 0 }}>
          <DevicesIcon />
          <Box sx={{ minWidth: 0 }}>
            <Typography id="unifi-connection" level="title-lg" component="h2">UniFi Integration</Typography>
            <Typography level="body-sm" textColor="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {data ? data.host || M.notConfigured : status.isError ? "Status unavailable" : "Checking connection..."}
            </Typography>
          </Box>
        </Box>
        <Button startDecorator={<SearchIcon />} disabled={discover.isPending} onClick={() => discover.mutate()}>
          {discover.isPending ? "Discovering..." : "Discover Devices"}
        </Button>
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="status" aria-live="polite">
        {data && (
          <>
            <Chip variant="soft" color={connected ? "success" : "danger"}>{connected ? "Connected" : "Offline"}</Chip>
            <Chip variant="soft" color={data.hasCredentials ? "success" : "warning"}>
              {data.hasCredentials ? M.credentialsValid : M.noCredentials}
            </Chip>
            {data.simulated && <Chip variant="outlined" color="neutral">Simulator</Chip>}
          </>
        )}
        {status.isError && <Chip variant="soft" color="danger">Offline</Chip>}
      </Box>
      {data && !connected && data.error && <Typography level="body-sm" color="danger">{data.error}</Typography>}
    </Card>
  );
}

function PendingDevices() {
  const pending = usePendingUnifi();
  const devices = pendingUnifiDevices(pending.data ?? []);

  return (
    <Card component="section" aria-labelledby="unifi-pending" sx={{ gap: 1.5 }}>
      <Box>
        <Typography id="unifi-pending" level="title-lg" component="h2">Discovered Devices</Typography>
        <Typography level="body-sm" textColor="text.secondary">
          Ubiquiti cameras and sensors found by discovery wait here until they are assigned to a room.
        </Typography>
      </Box>
      {pending.isPending
        ? <Typography role="status" level="body-sm">Loading discovered devices...</Typography>
        : pending.isError && !pending.data
        ? <Typography level="body-sm" color="danger">Failed to fetch devices</Typography>
        : devices.length === 0
        ? <Typography level="body-sm" textColor="text.secondary">No devices are waiting for a room. Use Discover Devices to look for new ones.</Typography>
        : (
          <List aria-labelledby="unifi-pending" sx={{ "--ListItem-paddingX": 0, gap: 1 }}>
            {devices.map((device) => <PendingDevice key={device.id} device={device} />)}
          </List>
        )}
    </Card>
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
    onSuccess: (result, { room }) =>
      toast({ title: M.assignedTitle, description: isQueued(result) ? OFFLINE_NOTE : assignedText(device.name, room.name) }),
    onError: (error) =>
      toast({ title: M.assignmentFailedTitle, description: serverMessage(error, M.assignmentFailed), variant: "destructive" }),
  });
  const online = device.unifiIsOnline === true;

  return (
    <ListItem sx={{ display: "block" }}>
      <Box
        sx={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          gap: 2,
          flexWrap: "wrap",
          p: 1.5,
          borderRadius: "sm",
          border: "1px solid",
          borderColor: "neutral.outlinedBorder",
        }}
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
      </Box>
    </ListItem>
  );
}
