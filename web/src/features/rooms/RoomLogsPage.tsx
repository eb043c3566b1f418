// /dash/room/{id}/logs (spec 2 §2): the room's access log from the server
// (not the spec's samples): TIMESTAMP, DEVICE, CREDENTIAL, ACTION, OUTCOME,
// searched by device, action or credential, paged and exported as CSV.
import Typography from "@mui/joy/Typography";
import { LOG_ENTRIES_NO_MATCH, LogTable } from "../logs/LogTable";
import { isSavedRoom } from "./api";
import { RoomLayout } from "./RoomLayout";

export const ROOM_LOGS_EMPTY = "No access logs found for this room.";

export default function RoomLogsPage() {
  return (
    <RoomLayout tab="Log">
      {(room) =>
        isSavedRoom(room.id)
          ? (
            <LogTable
              basePath={`/api/rooms/${room.id}/logs`}
              emptyText={ROOM_LOGS_EMPTY}
              noMatchText={LOG_ENTRIES_NO_MATCH}
              subject="device"
              credential="type"
              label="Room access logs"
            />
          )
          : <Typography>{ROOM_LOGS_EMPTY}</Typography>}
    </RoomLayout>
  );
}
