// What both tabs of a device share (spec 2 §2): the back link, the device's
// name, its device ID and Active/Inactive badge, and the tabs Overview and Log;
// 'Loading device...' and 'Device not found'. A device created offline renders
// from the cached list row and moves to its real id once the server has it.
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
import { type Device, isSavedDevice, useDevice, useDevices } from "./api";
import { DEVICE_MESSAGES as M } from "./device_rules";

export type DeviceTab = "Overview" | "Log";

export const deviceTabs = (id: number) => [
  { label: "Overview", to: `/dash/device/${id}` },
  { label: "Log", to: `/dash/device/${id}/logs` },
];

export function DeviceLayout({ tab, children }: { tab: DeviceTab; children: (device: Device) => ReactNode }) {
  usePageMeta(tab === "Overview" ? "Device" : "Device Logs");
  const id = useRouteId();
  const device = useDevice(id);
  const missing = isNotFound(device.error);
  useFailureToast(device.isError && !missing ? device.error : null, "Failed to fetch device");
  useFollowCreatedDevice(id, device.data);

  if (Number.isNaN(id) || missing || (!isSavedDevice(id) && !device.data)) return <DeviceNotFound />;
  if (!device.data) {
    return (
      <PageBody>
        <Typography role="status">{device.isError ? "Failed to fetch device" : M.loading}</Typography>
      </PageBody>
    );
  }
  return (
    <PageBody>
      <DeviceHeader device={device.data} />
      <TabLinks label="Device sections" tabs={deviceTabs(device.data.id)} current={tab} />
      {children(device.data)}
    </PageBody>
  );
}

/** On a device made offline: once the server has it, go to its real page. */
function useFollowCreatedDevice(id: number, device: Device | undefined) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pending = usePending(`devices/${id}`);
  const list = useDevices(!Number.isNaN(id) && !isSavedDevice(id));
  useEffect(() => {
    if (Number.isNaN(id) || isSavedDevice(id) || pending || !device) return;
    // The device ID was made with the device, so it names it.
    const made = list.data?.find((d) => isSavedDevice(d.id) && d.deviceId === device.deviceId);
    if (made) navigate(pathname.replace(`/device/${id}`, `/device/${made.id}`), { replace: true });
  }, [id, pending, device, list.data, navigate, pathname]);
}

function DeviceHeader({ device }: { device: Device }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Link component={RouterLink} to="/dash/devices" level="body-sm" startDecorator={<ArrowLeftIcon size={16} />} sx={{ alignSelf: "flex-start" }}>
        Devices
      </Link>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography level="h1" fontSize={{ xs: "xl2", sm: "xl3" }} sx={{ wordBreak: "break-word" }}>{device.name}</Typography>
        <StatusChip active={device.isActive} />
        <PendingChip entity={`devices/${device.id}`} />
      </Box>
      <Typography level="body-sm" textColor="text.secondary">Device ID: {device.deviceId}</Typography>
    </Box>
  );
}

function DeviceNotFound() {
  return (
    <PageBody>
      <Card sx={{ maxWidth: 480, mx: "auto", mt: 6, textAlign: "center", alignItems: "center", gap: 1.5 }}>
        <Typography level="h1" fontSize="xl2">{M.notFound}</Typography>
        <Button component={RouterLink} to="/dash/devices">Back to Devices</Button>
      </Card>
    </PageBody>
  );
}
