// A density device's Density API Configuration (spec 2 §2, §5): the
// authentication type, the Density space (picked from the spaces the service
// lists) and the write-only secrets of that authentication.
import { useId } from "react";
import Box from "@mui/joy/Box";
import Divider from "@mui/joy/Divider";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../../api/api_error";
import type { DensityAuthType } from "../../api/devices";
import { useDensitySpaces } from "./api";
import { HAS_SECRET, type SecretField as SecretKey, spaceLabel } from "./device_rules";
import type { DeviceSectionProps } from "./DeviceConfiguration";
import { SecretField } from "./SecretField";

export function DensityConfiguration({ device, form, set }: DeviceSectionProps) {
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
