// The device page's Device Configuration (spec 2 §2, §5, §8): name, type,
// device ID, manufacturer and room, plus the type's own section (Density API
// Configuration, Last Lock Device Information); Reset and Save Changes. A
// blank name or device ID is refused with the spec's message before sending.
import { useId } from "react";
import Box from "@mui/joy/Box";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import type { Device, DeviceType } from "../../api/devices";
import { useRooms } from "../../api/rooms";
import { DetailsForm, useDetailsForm } from "../../ui/DetailsForm";
import { doneToast, errorToast } from "../../ui/toast/change_toasts";
import { useUpdateDevice } from "./changes";
import { DensityConfiguration } from "./DensityConfiguration";
import { DETAIL_DEVICE_TYPES, DEVICE_MESSAGES as M, type DeviceForm, deviceForm, deviceFormProblem } from "./device_rules";
import { LastLockInformation } from "./LastLockInformation";

/** What the type's own section gets: the device, the form, and how to change a field. */
export type DeviceSectionProps = {
  device: Device;
  form: DeviceForm;
  set: <K extends keyof DeviceForm>(key: K, value: DeviceForm[K]) => void;
};

export function DeviceConfiguration({ device }: { device: Device }) {
  const { form, set: edit, problem, card } = useDetailsForm(deviceForm(device), deviceFormProblem);
  const rooms = useRooms();
  const typeLabelId = useId();
  const roomLabelId = useId();
  const update = useUpdateDevice({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => errorToast(error, M.updateFailed),
  });
  const set = <K extends keyof DeviceForm>(key: K, value: DeviceForm[K]) => edit({ [key]: value } as Pick<DeviceForm, K>);

  return (
    <DetailsForm
      title="Device Configuration"
      busy={update.isPending}
      {...card(() => update.mutate({ device, form }))}
      resetLabel="Reset"
    >
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <FormControl error={Boolean(problem) && !form.name.trim()}>
          <FormLabel>Device Name</FormLabel>
          <Input name="name" value={form.name} onChange={(e) => set("name", e.target.value)} />
        </FormControl>
        <FormControl>
          <FormLabel id={typeLabelId}>Device Type</FormLabel>
          <Select
            value={form.type || null}
            placeholder="Select device type"
            onChange={(_, value) => set("type", (value ?? "") as DeviceType | "")}
            slotProps={{ button: { "aria-labelledby": typeLabelId } }}
          >
            {DETAIL_DEVICE_TYPES.map((t) => <Option key={t.value} value={t.value}>{t.label}</Option>)}
          </Select>
        </FormControl>
        <FormControl error={Boolean(problem) && !form.deviceId.trim()}>
          <FormLabel>Device ID</FormLabel>
          <Input name="deviceId" value={form.deviceId} onChange={(e) => set("deviceId", e.target.value)} />
        </FormControl>
        <FormControl>
          <FormLabel>Manufacturer</FormLabel>
          <Input name="manufacturer" value={form.manufacturer} onChange={(e) => set("manufacturer", e.target.value)} />
        </FormControl>
        <FormControl sx={{ gridColumn: { sm: "1 / -1" } }}>
          <FormLabel id={roomLabelId}>Room Assignment</FormLabel>
          <Select
            value={form.roomId}
            onChange={(_, value) => set("roomId", value ?? "")}
            slotProps={{ button: { "aria-labelledby": roomLabelId } }}
          >
            <Option value="">No room assigned</Option>
            {(rooms.data ?? []).filter((r) => r.id > 0 || String(r.id) === form.roomId).map((r) => (
              <Option key={r.id} value={String(r.id)}>{r.isActive ? r.name : `${r.name} (Inactive)`}</Option>
            ))}
            {/* The current room while the list loads (or offline without it). */}
            {form.roomId && !rooms.data?.some((r) => String(r.id) === form.roomId) && (
              <Option value={form.roomId}>{device.roomName ?? `Room ${form.roomId}`}</Option>
            )}
          </Select>
        </FormControl>
        {problem && (
          <FormControl error sx={{ gridColumn: "1 / -1" }}>
            <FormHelperText role="alert">{problem}</FormHelperText>
          </FormControl>
        )}
      </Box>

      {form.type === "density" && <DensityConfiguration device={device} form={form} set={set} />}
      {form.type === "lastlock" && <LastLockInformation device={device} form={form} set={set} />}
    </DetailsForm>
  );
}
