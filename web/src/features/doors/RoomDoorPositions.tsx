// A room's doors and where each stands (spec 4 §2: "the room Overview shows each
// door's position"), from the Doors board's live read: `Front Reader: Closed`.
import Box from "@mui/joy/Box";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { useDoorBoard } from "./board_api";
import { positionText } from "./board_rules";

export function RoomDoorPositions({ roomId }: { roomId: number }) {
  const doors = (useDoorBoard().data ?? []).filter((door) => door.roomId === roomId);
  if (!doors.length) return null;
  return (
    <Box component="ul" aria-label="Door positions" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexDirection: "column", gap: 0.5 }}>
      {doors.map((door) => (
        <Box component="li" key={door.deviceId} sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1 }}>
          <Typography level="body-sm" noWrap>{door.deviceName}</Typography>
          <Chip size="sm" variant="soft" color={door.position.state === "open" ? "warning" : "neutral"}>{positionText(door)}</Chip>
        </Box>
      ))}
    </Box>
  );
}
