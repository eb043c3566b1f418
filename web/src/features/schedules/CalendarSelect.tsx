// A schedule's holiday calendar: None or one of the calendars (spec 3 §1).
import { useId } from "react";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import { useCalendars } from "../../api/schedules";

const NONE = "none";

export function CalendarSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const labelId = useId();
  const calendars = useCalendars().data ?? [];
  // A calendar this device has not listed yet still shows, by its number.
  const unknown = value !== null && !calendars.some((c) => c.id === value);
  return (
    <FormControl>
      <FormLabel id={labelId}>Holiday Calendar</FormLabel>
      <Select
        value={value === null ? NONE : String(value)}
        onChange={(_, picked) => picked !== null && onChange(picked === NONE ? null : Number(picked))}
        slotProps={{ button: { "aria-labelledby": labelId } }}
      >
        <Option value={NONE}>None</Option>
        {unknown && <Option value={String(value)}>Holiday calendar {value}</Option>}
        {calendars.map((c) => <Option key={c.id} value={String(c.id)}>{c.name}</Option>)}
      </Select>
    </FormControl>
  );
}
