// A Last Lock device's Device Information (spec 2 §2): its Last Lock id and
// creation time, the description (the one field here the admin edits), its
// active credentials and its last access attempt and outcome.
import Box from "@mui/joy/Box";
import Chip from "@mui/joy/Chip";
import Divider from "@mui/joy/Divider";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Textarea from "@mui/joy/Textarea";
import Typography from "@mui/joy/Typography";
import { accessOutcomeBadge, DEVICE_MESSAGES as M, localTime } from "./device_rules";
import type { DeviceSectionProps } from "./DeviceConfiguration";

export function LastLockInformation({ device, form, set }: DeviceSectionProps) {
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

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Input value={value} readOnly variant="soft" />
    </FormControl>
  );
}
