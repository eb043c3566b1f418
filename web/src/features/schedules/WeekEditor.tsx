// The week editor of a schedule (spec 3 §1): a row of time windows for each day,
// Monday first, and "Copy Monday to weekdays".
import { useId } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Typography from "@mui/joy/Typography";
import { DAYS } from "../../../../api/schedules/schedule_time.ts";
import type { Weekly } from "../../api/schedules";
import { copyMondayToWeekdays, DAY_LABELS } from "./week_rules";
import { WindowsEditor } from "./WindowsEditor";

export function WeekEditor({ weekly, onChange }: { weekly: Weekly; onChange: (weekly: Weekly) => void }) {
  const titleId = useId();
  return (
    <Box role="group" aria-labelledby={titleId} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography id={titleId} level="title-md" component="h3">Weekly Hours</Typography>
        <Button size="sm" variant="outlined" color="neutral" onClick={() => onChange(copyMondayToWeekdays(weekly))}>
          Copy Monday to weekdays
        </Button>
      </Box>
      {DAYS.map((day) => (
        <Box
          key={day}
          sx={{
            display: "grid",
            gridTemplateColumns: { xs: "1fr", sm: "96px 1fr" },
            alignItems: "center",
            gap: 1,
            py: 0.75,
            borderTop: "1px solid",
            borderColor: "divider",
          }}
        >
          <Typography level="title-sm">{DAY_LABELS[day]}</Typography>
          <WindowsEditor
            label={DAY_LABELS[day]}
            windows={weekly[day]}
            onChange={(windows) => onChange({ ...weekly, [day]: windows })}
            closedText="Closed"
          />
        </Box>
      ))}
    </Box>
  );
}
