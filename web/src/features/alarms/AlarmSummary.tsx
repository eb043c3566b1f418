// What an alarm is, as its card and its dialog both show it: severity, type in words,
// device and room, and its lines (when, cleared, who acknowledged and resolved it).
import Box from "@mui/joy/Box";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { type Alarm, alarmLines, alarmPlace, alarmTitle } from "./alarm_display";
import { SEVERITY_WORDS } from "./alarm_words";

export function AlarmSummary({ alarm, titleId }: { alarm: Alarm; titleId?: string }) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Chip size="sm" variant="solid" color={alarm.severity === "critical" ? "danger" : "warning"}>
          {SEVERITY_WORDS[alarm.severity]}
        </Chip>
        <Typography id={titleId} level="title-md" component="h2">{alarmTitle(alarm)}</Typography>
        {alarm.clearedAt && alarm.state !== "resolved" && <Chip size="sm" variant="soft" color="success">Cleared</Chip>}
      </Box>
      <Typography level="body-sm">{alarmPlace(alarm)}</Typography>
      {alarmLines(alarm).map((line) => <Typography key={line} level="body-xs" textColor="text.secondary">{line}</Typography>)}
    </Box>
  );
}
