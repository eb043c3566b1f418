// A switch with its words as its label, so the words toggle it too: the lists'
// "Show Deactivated", a holiday's "Repeats yearly", a door's "First person in".
import Switch from "@mui/joy/Switch";
import Typography from "@mui/joy/Typography";

type Props = { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean };

export function LabelledSwitch({ label, checked, onChange, disabled }: Props) {
  return (
    <Typography
      component="label"
      level="body-sm"
      startDecorator={<Switch checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
      sx={{ gap: 1 }}
    >
      {label}
    </Typography>
  );
}
