// /dash/device/{id}, the Overview tab (spec 2 §2, §5, §8): Device
// Configuration (name, type, device ID, manufacturer, room), the Density API
// Configuration of a density device, the Last Lock Device Information of a
// Last Lock device, the Assigned Credentials and the Danger Zone.
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Divider from "@mui/joy/Divider";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Sheet from "@mui/joy/Sheet";
import Table from "@mui/joy/Table";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { DangerZone } from "../../ui/DangerZone";

import { EmptyState } from "../../ui/EmptyState";
import { useIsPhone } from "../../ui/use_media_query";
import { useRooms } from "../rooms/api";
import { doneToast, errorToast, validationToast } from "../rooms/change_toasts";
import { type DensityAuthType, type Device, type DeviceType, useAssignedCredentials, useDensitySpaces } from "./api";
import { useDeleteDevice, useToggleDevice, useUpdateDevice } from "./changes";
import { DeviceLayout } from "./DeviceLayout";
import {
  accessOutcomeBadge,
  deleteDeviceConfirmation,
  DETAIL_DEVICE_TYPES,
  DEVICE_MESSAGES as M,
  type DeviceForm,
  deviceForm,
  deviceFormProblem,
  HAS_SECRET,
  localTime,
  type SecretField as SecretKey,
  spaceLabel,
} from "./device_rules";
import { SecretField } from "./SecretField";
import { serverMessage } from "../../api/api_error";

export default function DevicePage() {
  return (
    <DeviceLayout tab="Overview">
      {(device) => (
        <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", lg: "3fr 2fr" }, alignItems: "start" }}>
          <Configuration key={`${device.id}:${device.updatedAt}`} device={device} />
          <DeviceDangerZone device={device} />
          <Box sx={{ gridColumn: "1 / -1", minWidth: 0 }}>
            <AssignedCredentials device={device} />
          </Box>
        </Box>
      )}
    </DeviceLayout>
  );
}

function Configuration({ device }: { device: Device }) {
  const [form, setForm] = useState<DeviceForm>(() => deviceForm(device));
  const [problem, setProblem] = useState<string | null>(null);
  const rooms = useRooms();
  const typeLabelId = useId();
  const roomLabelId = useId();
  const update = useUpdateDevice({
    onSuccess: (result) => doneToast(M.updated, result),
    onError: (error) => errorToast(error, M.updateFailed),
  });
  const set = <K extends keyof DeviceForm>(key: K, value: DeviceForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblem(null);
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = deviceFormProblem(form);
    setProblem(found);
    if (found) return validationToast(found);
    update.mutate({ device, form });
  }

  return (
    <Card component="section" aria-labelledby="device-configuration" sx={{ gap: 2, minWidth: 0 }}>
      <Typography id="device-configuration" level="title-lg" component="h2">Device Configuration</Typography>
      <form onSubmit={onSubmit} noValidate>
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

        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1, mt: 2 }}>
          <Button
            variant="plain"
            color="neutral"
            disabled={update.isPending}
            onClick={() => {
              setForm(deviceForm(device));
              setProblem(null);
            }}
          >
            Reset
          </Button>
          <Button type="submit" disabled={update.isPending}>{update.isPending ? "Saving..." : "Save Changes"}</Button>
        </Box>
      </form>
    </Card>
  );
}

type SectionProps = {
  device: Device;
  form: DeviceForm;
  set: <K extends keyof DeviceForm>(key: K, value: DeviceForm[K]) => void;
};

function DensityConfiguration({ device, form, set }: SectionProps) {
  const authLabelId = useId();
  const spaceLabelId = useId();
  // A saved density device's own credentials answer the picker; otherwise the server's default.
  const spaces = useDensitySpaces(device.type === "density" && device.id > 0 ? device.id : undefined, true);
  const list = spaces.data ?? [];
  const secret = (field: SecretKey, label: string, concealed = true) => (
    <SecretField
      label={label}
      isSet={device[HAS_SECRET[field]] === true}
      edit={form[field]}
      onChange={(edit) => set(field, edit)}
      concealed={concealed}
    />
  );

  return (
    <Box component="section" aria-labelledby="density-configuration" sx={{ mt: 3, display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Divider />
      <Typography id="density-configuration" level="title-md" component="h3">Density API Configuration</Typography>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <FormControl>
          <FormLabel id={authLabelId}>Authentication Type</FormLabel>
          <Select
            value={form.densityAuthType}
            onChange={(_, value) => set("densityAuthType", (value ?? "bearer") as DensityAuthType)}
            slotProps={{ button: { "aria-labelledby": authLabelId } }}
          >
            <Option value="bearer">Bearer Token</Option>
            <Option value="oauth">OAuth 2.0</Option>
          </Select>
        </FormControl>
        <FormControl>
          <FormLabel id={spaceLabelId}>Density Space</FormLabel>
          <Select
            value={form.densitySpaceId || null}
            placeholder={spaces.isPending ? "Loading spaces..." : "Select a space"}
            onChange={(_, value) => set("densitySpaceId", value ?? "")}
            slotProps={{ button: { "aria-labelledby": spaceLabelId }, listbox: { sx: { maxWidth: "min(480px, calc(100vw - 32px))" } } }}
            renderValue={(selected) => {
              const space = list.find((s) => s.id === selected?.value);
              return space ? spaceLabel(space) : selected?.value ?? "";
            }}
          >
            {list.map((space) => (
              <Option key={space.id} value={space.id} label={spaceLabel(space)}>
                <Box sx={{ display: "flex", flexDirection: "column" }}>
                  <Typography level="body-sm">{spaceLabel(space)}</Typography>
                  <Typography level="body-xs" textColor="text.tertiary">{space.space_type}</Typography>
                </Box>
              </Option>
            ))}
            {form.densitySpaceId && !list.some((s) => s.id === form.densitySpaceId) && (
              <Option value={form.densitySpaceId}>{form.densitySpaceId}</Option>
            )}
          </Select>
          {spaces.isError && (
            <FormHelperText>{`Could not load the Density spaces: ${serverMessage(spaces.error, "the service did not answer")}`}</FormHelperText>
          )}
        </FormControl>
        {form.densityAuthType === "bearer"
          ? <Box sx={{ gridColumn: { sm: "1 / -1" } }}>{secret("densityApiToken", "API Token")}</Box>
          : (
            <>
              {secret("densityClientId", "Client ID", false)}
              {secret("densityClientSecret", "Client Secret")}
            </>
          )}
      </Box>
    </Box>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Input value={value} readOnly variant="soft" />
    </FormControl>
  );
}

function LastLockInformation({ device, form, set }: SectionProps) {
  const outcome = accessOutcomeBadge(device.lastAccessOutcome);
  return (
    <Box component="section" aria-labelledby="lastlock-information" sx={{ mt: 3, display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Divider />
      <Typography id="lastlock-information" level="title-md" component="h3">Last Lock Device Information</Typography>
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <ReadOnly label="Last Lock Device ID" value={device.lastLockDeviceId === null ? "" : String(device.lastLockDeviceId)} />
        <ReadOnly label="Device Created" value={localTime(device.lastLockTimeCreated) ?? ""} />
        <FormControl sx={{ gridColumn: { sm: "1 / -1" } }}>
          <FormLabel>Device Description</FormLabel>
          <Textarea minRows={2} value={form.lastLockDescription} onChange={(e) => set("lastLockDescription", e.target.value)} />
        </FormControl>
        <ReadOnly label="Active Credentials" value={String(device.credentialCount ?? 0)} />
        <ReadOnly label="Last Access Attempt" value={localTime(device.lastAccessAttempt) ?? M.noRecentAccess} />
        <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
          <Typography level="title-sm" component="span" id="last-access-outcome">Last Access Outcome</Typography>
          <Box aria-labelledby="last-access-outcome" role="group">
            {device.lastAccessAttempt
              ? <Chip color={outcome.color} variant="soft">{outcome.label}</Chip>
              : <Typography level="body-sm">{M.noRecentAccess}</Typography>}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function AssignedCredentials({ device }: { device: Device }) {
  const phone = useIsPhone();
  const assigned = device.roomId !== null;
  const rows = useAssignedCredentials(device.id, assigned);
  const list = rows.data ?? [];
  return (
    <Card component="section" aria-labelledby="assigned-credentials" sx={{ gap: 1.5, minWidth: 0 }}>
      <Typography id="assigned-credentials" level="title-lg" component="h2">Assigned Credentials</Typography>
      {!assigned
        ? (
          <EmptyState>
            <Typography component="span" level="title-sm" sx={{ display: "block" }}>{M.notAssigned}</Typography>
            <Typography component="span" level="body-sm">{M.notAssignedHint}</Typography>
          </EmptyState>
        )
        : rows.isPending && device.id > 0
        ? <Typography level="body-sm" role="status">Loading credentials...</Typography>
        : rows.isError
        ? <EmptyState>Failed to fetch assigned credentials</EmptyState>
        : list.length === 0
        ? <EmptyState>No users have access to this device's room.</EmptyState>
        : phone
        ? (
          <Box component="ul" aria-label="Assigned credentials" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 1 }}>
            {list.map((row) => (
              <Sheet component="li" key={row.userId} variant="outlined" sx={{ borderRadius: "sm", p: 1.25, display: "flex", flexDirection: "column", gap: 0.5 }}>
                <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
                  <Typography level="title-sm" noWrap>{row.userName}</Typography>
                  <AccessChip allowed={row.accessAllowed} status={row.accessStatus} reason={row.reason} />
                </Box>
                <Typography level="body-xs">{row.credentialTypes.join(", ") || "None"}</Typography>
              </Sheet>
            ))}
          </Box>
        )
        : (
          <Sheet variant="outlined" sx={{ borderRadius: "sm", overflowX: "auto" }}>
            <Table aria-label="Assigned credentials" sx={{ minWidth: 560, tableLayout: "fixed", "& td": { verticalAlign: "top" } }}>
              <thead>
                <tr>
                  <th scope="col" style={{ width: "40%" }}>USER</th>
                  <th scope="col" style={{ width: "32%" }}>CREDENTIAL TYPES</th>
                  <th scope="col" style={{ width: "28%" }}>ACCESS STATUS</th>
                </tr>
              </thead>
              <tbody>
                {list.map((row) => (
                  <tr key={row.userId}>
                    <td>
                      <Typography level="title-sm">{row.userName}</Typography>
                      <Typography level="body-xs" noWrap>{row.email}</Typography>
                    </td>
                    <td>{row.credentialTypes.join(", ") || "None"}</td>
                    <td><AccessChip allowed={row.accessAllowed} status={row.accessStatus} reason={row.reason} /></td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Sheet>
        )}
    </Card>
  );
}

function AccessChip({ allowed, status, reason }: { allowed: boolean; status: string; reason: string | null }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.25 }}>
      <Chip size="sm" variant="soft" color={allowed ? "success" : "danger"}>{status}</Chip>
      {reason && <Typography level="body-xs">{reason}</Typography>}
    </Box>
  );
}

function DeviceDangerZone({ device }: { device: Device }) {
  const navigate = useNavigate();
  const toggle = useToggleDevice({
    onSuccess: (result, vars) => doneToast(vars.isActive ? M.deactivated : M.activated, result),
    onError: (error) => errorToast(error, M.toggleFailed),
  });
  const remove = useDeleteDevice({
    onSuccess: (result) => {
      doneToast(M.deleted, result);
      navigate("/dash/devices");
    },
    onError: (error) => errorToast(error, M.deleteFailed),
  });
  const busy = toggle.isPending || remove.isPending;

  return (
    <DangerZone
      labelId="device-danger-zone"
      active={device.isActive}
      busy={busy}
      toggle={{
        title: device.isActive ? "Deactivate Device" : "Activate Device",
        text: device.isActive
          ? "Deactivating this device prevents it from being used for access control."
          : "Activating this device lets it be used for access control again.",
        label: toggle.isPending ? "Processing..." : device.isActive ? "Deactivate Device" : "Activate Device",
        onClick: () => toggle.mutate(device),
      }}
      remove={{
        title: "Delete Device",
        text: "Permanently delete this device. Its access history is kept in the logs.",
        label: remove.isPending ? "Deleting..." : "Delete Device",
        onClick: () => {
          if (window.confirm(deleteDeviceConfirmation(device.name))) remove.mutate(device);
        },
      }}
    />
  );
}
