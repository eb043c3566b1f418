// The All Devices tab (spec 2 §2): search by name, manufacturer or room name;
// the type filter (All Types, Lock, Sensor, Camera, Density); 'Show
// Deactivated'; 'Add Device'. Each row: the name's initial, the name,
// 'manufacturer - room name' (or Unassigned), the status badge, the type and
// the actions dialog; a row opens the device.
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Chip from "@mui/joy/Chip";
import IconButton from "@mui/joy/IconButton";
import Link from "@mui/joy/Link";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import type { SxProps } from "@mui/joy/styles/types";
import Typography from "@mui/joy/Typography";
import { MoreIcon } from "../../ui/icons";
import { AddButton, ListFilters } from "../../ui/ListControls";
import { listStateOf, ListTab } from "../../ui/ListPage";
import { CardList } from "../../ui/ListViews";
import { PendingChip } from "../../ui/PendingChip";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { AddDeviceDialog } from "./AddDeviceDialog";
import { type Device, type DeviceType, useDevices } from "../../api/devices";
import { deviceInitial, typeLabel } from "../../api/device_display";
import { DeviceActionsDialog } from "./DeviceActionsDialog";
import { DEVICE_MESSAGES as M, deviceSubtitle, filterDevices, TYPE_FILTERS } from "./device_rules";

function Badges({ device, sx }: { device: Device; sx?: SxProps }) {
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "center", ...sx }}>
      <StatusChip active={device.isActive} />
      <Chip size="sm" variant="outlined">{typeLabel(device.type)}</Chip>
    </Box>
  );
}

export function AllDevicesTab() {
  const devices = useDevices();
  useFailureToast(devices.error, M.fetchFailed);
  const navigate = useNavigate();
  // Phones show the badges under the name, wider screens at the row's end.
  const phone = useIsPhone();
  const [search, setSearch] = useState("");
  const [type, setType] = useState<"all" | DeviceType>("all");
  const [showDeactivated, setShowDeactivated] = useState(false);
  const [adding, setAdding] = useState(false);
  const [acting, setActing] = useState<Device | null>(null);
  const shown = filterDevices(devices.data ?? [], search, type, showDeactivated);

  return (
    <ListTab
      filters={
        <ListFilters
          search={{ value: search, onChange: setSearch, placeholder: "Search devices...", label: "Search devices by name, manufacturer or room" }}
          filters={
            <Select value={type} onChange={(_, value) => setType(value ?? "all")} aria-label="Device type" sx={{ minWidth: 150 }}>
              {TYPE_FILTERS.map((t) => <Option key={t.value} value={t.value}>{t.label}</Option>)}
            </Select>
          }
          showDeactivated={{ checked: showDeactivated, onChange: setShowDeactivated }}
          gap={1.5}
        >
          <AddButton label="Add Device" onClick={() => setAdding(true)} sx={{ ml: { sm: "auto" } }} />
        </ListFilters>
      }
      state={listStateOf(devices, shown.length, { loading: "Loading devices...", failed: M.fetchFailed, empty: M.listEmpty })}
      rows={
        <CardList
          label="Devices"
          items={shown}
          onOpen={(device) => navigate(`/dash/device/${device.id}`)}
          sx={{ gap: 1.5, alignItems: "center", "&:hover": { bgcolor: "background.level1" } }}
          card={(device) => (
            <>
              <Avatar size="md" aria-hidden="true">{deviceInitial(device.name)}</Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={`/dash/device/${device.id}`}
                    level="title-sm"
                    sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                  >
                    {device.name}
                  </Link>
                  <PendingChip entity={`devices/${device.id}`} />
                </Box>
                <Typography level="body-sm" noWrap>{deviceSubtitle(device)}</Typography>
                {phone && <Badges device={device} sx={{ mt: 0.5, flexWrap: "wrap" }} />}
              </Box>
              {!phone && <Badges device={device} />}
              <IconButton
                size="sm"
                variant="plain"
                color="neutral"
                aria-label={`Actions for ${device.name}`}
                aria-haspopup="dialog"
                onClick={() => setActing(device)}
              >
                <MoreIcon />
              </IconButton>
            </>
          )}
        />
      }
    >
      <AddDeviceDialog open={adding} onClose={() => setAdding(false)} />
      <DeviceActionsDialog device={acting} onClose={() => setActing(null)} />
    </ListTab>
  );
}
