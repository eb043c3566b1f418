// What both tabs of a device share (spec 2 §2): the back link, the device's
// name, its device ID and Active/Inactive badge, and the tabs Overview and Log;
// 'Loading device...' and 'Device not found'. A device created offline renders
// from the cached list row and moves to its real id once the server has it.
import type { ReactNode } from "react";
import Typography from "@mui/joy/Typography";
import { type Device, useDevice, useDevices } from "../../api/devices";
import { isSaved } from "../../api/mutations";
import { EntityHeader, NotFoundCard } from "../../ui/EntityHeader";
import { EntityLayout, type EntityTab } from "../../ui/EntityLayout";
import { useRouteId } from "../../ui/use_route_id";
import { DEVICE_MESSAGES as M } from "./device_rules";
import { historyLink } from "../audit/public";

const TABS: EntityTab<Device>[] = [
  { label: "Overview", screen: "Device", path: "" },
  { label: "Log", screen: "Device Logs", path: "/logs" },
];
type DeviceTab = "Overview" | "Log";

/** The device ID was made with the device, so it names it. */
const madeOf = (saved: Device[], created: Device) => saved.find((d) => d.deviceId === created.deviceId);

const pageOf = (id: number) => `/dash/device/${id}`;

export function DeviceLayout({ tab, children }: { tab: DeviceTab; children: (device: Device) => ReactNode }) {
  const id = useRouteId();
  return (
    <EntityLayout
      base={pageOf}
      tabs={TABS}
      tabsLabel="Device sections"
      current={tab}
      id={id}
      query={useDevice(id)}
      kind="devices"
      saved={useDevices(!Number.isNaN(id) && !isSaved(id)).data}
      made={madeOf}
      texts={{ loading: M.loading, fetchFailed: "Failed to fetch device" }}
      notFound={<NotFoundCard title={M.notFound} back={{ to: "/dash/devices", label: "Back to Devices" }} />}
      header={(device) => (
        <EntityHeader back={{ to: "/dash/devices", label: "Devices" }} title={device.name} active={device.isActive} pending={`devices/${device.id}`} history={historyLink("device", device.id)}>
          <Typography level="body-sm" textColor="text.secondary">Device ID: {device.deviceId}</Typography>
        </EntityHeader>
      )}
    >
      {children}
    </EntityLayout>
  );
}
