// What both tabs of a device share (spec 2 §2): the back link, the device's
// name, its device ID and Active/Inactive badge, and the tabs Overview and Log;
// 'Loading device...' and 'Device not found'. A device created offline renders
// from the cached list row and moves to its real id once the server has it.
import type { ReactNode } from "react";
import Typography from "@mui/joy/Typography";
import { type Device, useDevice, useDevices } from "../../api/devices";
import { EntityHeader } from "../../ui/EntityHeader";
import { EntityLayout, type EntityPages, type EntityTab } from "../../ui/EntityLayout";
import { DEVICE_MESSAGES as M } from "./device_rules";
import { historyLink } from "../audit/public";

const TABS: EntityTab<Device>[] = [
  { label: "Overview", screen: "Device", path: "" },
  { label: "Log", screen: "Device Logs", path: "/logs" },
];
type DeviceTab = "Overview" | "Log";

const PAGES: EntityPages<Device> = {
  kind: "devices",
  list: { to: "/dash/devices", label: "Devices" },
  pageOf: (id) => `/dash/device/${id}`,
  tabs: TABS,
  read: { one: useDevice, all: useDevices },
  /** The device ID was made with the device, so it names it. */
  made: (saved, created) => saved.find((d) => d.deviceId === created.deviceId),
  texts: { loading: M.loading, fetchFailed: "Failed to fetch device", notFound: M.notFound },
};

export function DeviceLayout({ tab, children }: { tab: DeviceTab; children: (device: Device) => ReactNode }) {
  return (
    <EntityLayout
      pages={PAGES}
      current={tab}
      header={(device) => (
        <EntityHeader back={PAGES.list} title={device.name} active={device.isActive} pending={`devices/${device.id}`} history={historyLink("device", device.id)}>
          <Typography level="body-sm" textColor="text.secondary">Device ID: {device.deviceId}</Typography>
        </EntityHeader>
      )}
    >
      {children}
    </EntityLayout>
  );
}
