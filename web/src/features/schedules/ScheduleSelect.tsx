// Picks a schedule from every schedule, or none: a grant's SCHEDULE ("Always")
// and a room's unlock schedule ("None") (spec 3 §1). The list is the cached one,
// so the choice works offline; a schedule this device has not listed yet still
// shows by the name the server gave with the grant.
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import type { SxProps } from "@mui/joy/styles/types";
import { type Schedule, useSchedules } from "../../api/schedules";

type Picked = Pick<Schedule, "id" | "name">;

type Props = {
  /** The select's accessible name. */
  label: string;
  /** What no schedule is called: "Always" for a grant, "None" for a door. */
  noneLabel: string;
  value: Picked | null;
  onChange: (schedule: Picked | null) => void;
  disabled?: boolean;
  sx?: SxProps;
};

const NONE = "none";

export function ScheduleSelect({ label, noneLabel, value, onChange, disabled, sx }: Props) {
  const schedules = useSchedules().data ?? [];
  const options: Picked[] = value && !schedules.some((s) => s.id === value.id) ? [value, ...schedules] : schedules;
  return (
    <Select
      size="sm"
      value={value ? String(value.id) : NONE}
      onChange={(_, picked) => {
        if (picked === null || picked === (value ? String(value.id) : NONE)) return;
        onChange(options.find((s) => String(s.id) === picked) ?? null);
      }}
      disabled={disabled}
      aria-label={label}
      sx={sx}
    >
      <Option value={NONE}>{noneLabel}</Option>
      {options.map((s) => <Option key={s.id} value={String(s.id)}>{s.name}</Option>)}
    </Select>
  );
}
