// The All Devices tab (spec 2 §2): search by name, manufacturer or room name;
// the type filter (All Types, Lock, Sensor, Camera, Density); 'Show
// Deactivated'; 'Add Device'. Each row: the name's initial, the name,
// 'manufacturer - room name' (or Unassigned), the status badge, the type and
// the actions dialog; a row opens the device.
import { type MouseEvent, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Avatar from "@mui/joy/Avatar";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import IconButton from "@mui/joy/IconButton";
import Link from "@mui/joy/Link";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Sheet from "@mui/joy/Sheet";
import type { SxProps } from "@mui/joy/styles/types";
import Typography from "@mui/joy/Typography";
import { EmptyState } from "../../ui/EmptyState";
import { MoreIcon, PlusIcon } from "../../ui/icons";
import { PendingChip } from "../../ui/PendingChip";
import { allRowsLabel } from "../../ui/range_label";
import { onRowItself } from "../../ui/row_click";
import { SearchField } from "../../ui/SearchField";
import { ShowDeactivatedSwitch } from "../../ui/ShowDeactivatedSwitch";
import { StatusChip } from "../../ui/StatusChip";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useIsPhone } from "../../ui/use_media_query";
import { AddDeviceDialog } from "./AddDeviceDialog";
import { type Device, type DeviceType, useDevices } from "./api";
import { DeviceActionsDialog } from "./DeviceActionsDialog";
import { DEVICE_MESSAGES as M, deviceInitial, deviceSubtitle, filterDevices, TYPE_FILTERS, typeLabel } from "./device_rules";

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
    <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder="Search devices..."
          label="Search devices by name, manufacturer or room"
          sx={{ flex: "1 1 220px", maxWidth: 420 }}
        />
        <Select
          value={type}
          onChange={(_, value) => setType(value ?? "all")}
          aria-label="Device type"
          sx={{ minWidth: 150 }}
        >
          {TYPE_FILTERS.map((t) => <Option key={t.value} value={t.value}>{t.label}</Option>)}
        </Select>
        <ShowDeactivatedSwitch checked={showDeactivated} onChange={setShowDeactivated} />
        <Button startDecorator={<PlusIcon size={18} />} onClick={() => setAdding(true)} sx={{ ml: { sm: "auto" } }}>
          Add Device
        </Button>
      </Box>

      {devices.isPending
        ? <Typography role="status">Loading devices...</Typography>
        : devices.isError && !devices.data
        ? <EmptyState>{M.fetchFailed}</EmptyState>
        : shown.length === 0
        ? <EmptyState>{M.listEmpty}</EmptyState>
        : (
          <Box component="ul" aria-label="Devices" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {shown.map((device) => (
              <Sheet
                component="li"
                key={device.id}
                variant="outlined"
                onClick={(e: MouseEvent) => onRowItself(e) && navigate(`/dash/device/${device.id}`)}
                sx={{
                  borderRadius: "sm",
                  p: 1.5,
                  display: "flex",
                  gap: 1.5,
                  alignItems: "center",
                  cursor: "pointer",
                  "&:hover": { bgcolor: "background.level1" },
                }}
              >
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
              </Sheet>
            ))}
          </Box>
        )}

      <Typography level="body-sm" textAlign="right" aria-live="polite">{allRowsLabel(shown.length)}</Typography>

      <AddDeviceDialog open={adding} onClose={() => setAdding(false)} />
      <DeviceActionsDialog device={acting} onClose={() => setActing(null)} />
    </Box>
  );
}
