// "Open now — closes at 17:00" / "Closed now — opens Monday 08:00" under a
// schedule's name (spec 3 §1): the saved schedule, decided in the browser with
// the server's own rules, kept current as time passes.
import Typography from "@mui/joy/Typography";
import { type Schedule, useCalendars } from "../../api/schedules";
import { openLine, scheduleRule } from "./open_line";
import { useNow } from "./use_now";

export function OpenLine({ schedule }: { schedule: Schedule }) {
  const calendars = useCalendars();
  const { open, text } = openLine(scheduleRule(schedule, calendars.data), useNow());
  return <Typography level="title-sm" color={open ? "success" : "neutral"}>{text}</Typography>;
}
