// One door on the Doors board (spec 4 §2 "Screens"): its device and room, and a chip
// each for its connection (with `Last seen …` when offline), position, lock, list and
// alarm (which opens it). Memoized: a door.changed replaces one entry, and the other cards, whose
// entries are the same objects, are left as they are.
import { memo } from "react";
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import type { ColorPaletteProp } from "@mui/joy/styles";
import { visuallyHidden } from "../../ui/visually_hidden";
import { alarmPath } from "../alarms/public";
import {
  alarmText,
  BOARD_TEXTS,
  connectionText,
  type DoorEntry,
  lastSeenText,
  listText,
  lockText,
  positionText,
} from "./board_rules";

const CONNECTION_COLOR: Record<DoorEntry["connection"]["state"], ColorPaletteProp> = {
  online: "success",
  offline: "danger",
  never: "neutral",
};
const LOCK_COLOR: Record<DoorEntry["lock"], ColorPaletteProp> = { locked: "neutral", unlocked: "primary", lockdown: "danger" };

function Fact({ label, children, color = "neutral" }: { label: string; children: string; color?: ColorPaletteProp }) {
  return (
    <Chip size="sm" variant="soft" color={color} title={label}>
      <span style={visuallyHidden}>{`${label}: `}</span>
      {children}
    </Chip>
  );
}

export const BoardCard = memo(function BoardCard({ door }: { door: DoorEntry }) {
  // Only for "today or another day" in the times it shows.
  const now = new Date();
  const lastSeen = lastSeenText(door, now);
  const alarm = alarmText(door);
  return (
    <Card
      variant="outlined"
      component="li"
      aria-label={door.deviceName}
      sx={{ gap: 1, borderColor: door.alarm?.severity === "critical" ? "danger.outlinedBorder" : undefined }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={`/dash/device/${door.deviceId}`} level="title-md" sx={{ wordBreak: "break-word" }}>
          {door.deviceName}
        </Link>
        <Typography level="body-sm" textColor="text.secondary">
          {door.roomId !== null
            ? <Link component={RouterLink} to={`/dash/room/${door.roomId}`} color="neutral">{door.roomName}</Link>
            : BOARD_TEXTS.noRoom}
        </Typography>
      </Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75 }}>
        <Fact label="Connection" color={CONNECTION_COLOR[door.connection.state]}>{connectionText(door)}</Fact>
        <Fact label="Door" color={door.position.state === "open" ? "warning" : "neutral"}>{positionText(door)}</Fact>
        <Fact label="Lock" color={LOCK_COLOR[door.lock]}>{lockText(door)}</Fact>
        <Fact label="Access list" color={door.list.current ? "neutral" : "warning"}>{listText(door, now)}</Fact>
      </Box>
      {lastSeen && <Typography level="body-xs">{lastSeen}</Typography>}
      {door.alarm && alarm && (
        <Button
          component={RouterLink}
          to={alarmPath(door.alarm.id)}
          size="sm"
          variant="solid"
          color={door.alarm.severity === "critical" ? "danger" : "warning"}
          sx={{ alignSelf: "flex-start" }}
        >
          {alarm}
        </Button>
      )}
    </Card>
  );
});
