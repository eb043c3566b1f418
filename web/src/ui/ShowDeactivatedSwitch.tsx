// The lists' "Show Deactivated" switch (users, groups, rooms, devices): a label
// wrapping the switch, so the words toggle it too.
import Switch from "@mui/joy/Switch";
import Typography from "@mui/joy/Typography";

export function ShowDeactivatedSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Typography
      component="label"
      level="body-sm"
      startDecorator={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      sx={{ gap: 1 }}
    >
      Show Deactivated
    </Typography>
  );
}
