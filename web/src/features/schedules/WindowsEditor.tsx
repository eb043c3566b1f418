// One day's time windows (a weekday of the week editor, or a holiday's hours):
// each window's start and end ("HH:MM", 24:00 may end one), its Remove, and
// "Add window", which proposes the next free hour. No window: closed that day.
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import IconButton from "@mui/joy/IconButton";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import type { TimeWindow } from "../../api/schedules";
import { PlusIcon, TrashIcon } from "../../ui/icons";
import { nextWindow } from "./week_rules";

type Props = {
  /** Names the controls: "Monday" gives "Monday window 1 start", "Add window on Monday". */
  label: string;
  windows: TimeWindow[];
  onChange: (windows: TimeWindow[]) => void;
  /** What no window means here. */
  closedText: string;
};

export function WindowsEditor({ label, windows, onChange, closedText }: Props) {
  const next = nextWindow(windows);
  const edit = (index: number, patch: Partial<TimeWindow>) => onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, minWidth: 0 }}>
      {windows.length === 0 && <Typography level="body-sm" textColor="text.secondary">{closedText}</Typography>}
      {windows.map((w, i) => {
        const name = `${label} window ${i + 1}`;
        return (
          <Box key={i} role="group" aria-label={name} sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
            <TimeInput label={`${name} start`} value={w.start} onChange={(start) => edit(i, { start })} />
            <Typography level="body-sm" aria-hidden="true">–</Typography>
            <TimeInput label={`${name} end`} value={w.end} onChange={(end) => edit(i, { end })} />
            <IconButton size="sm" variant="plain" color="neutral" aria-label={`Remove ${name}`} onClick={() => onChange(windows.filter((_, j) => j !== i))}>
              <TrashIcon size={16} />
            </IconButton>
          </Box>
        );
      })}
      <Button
        size="sm"
        variant="plain"
        startDecorator={<PlusIcon size={16} />}
        disabled={next === null}
        aria-label={`Add window on ${label}`}
        onClick={() => next && onChange([...windows, next])}
      >
        Add window
      </Button>
    </Box>
  );
}

function TimeInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Input
      size="sm"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder="HH:MM"
      autoComplete="off"
      slotProps={{ input: { "aria-label": label, maxLength: 5, size: 5 } }}
      sx={{ width: 76 }}
    />
  );
}
