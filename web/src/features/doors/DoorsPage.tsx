// /dash/doors (spec 4 §2 "Screens"): every door, live. A card per door, two or more
// across a tablet held upright and one across a phone; filters by room and `Needs
// attention`. Offline it shows the board as last read, and says when that was.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Checkbox from "@mui/joy/Checkbox";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { useOnline } from "../../offline/use_outbox";
import { EmptyState } from "../../ui/EmptyState";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { useFailureToast } from "../../ui/use_failure_toast";
import { useDoorBoard } from "./board_api";
import { BoardCard } from "./BoardCard";
import { BOARD_TEXTS as T, boardRooms, clockText, needsAttention } from "./board_rules";

const ALL = "all";

export default function DoorsPage() {
  usePageMeta(T.title);
  const board = useDoorBoard();
  const online = useOnline();
  const [roomId, setRoomId] = useState<string>(ALL);
  const [attention, setAttention] = useState(false);
  useFailureToast(online && board.isError ? board.error : null, T.fetchFailed);
  const doors = board.data ?? [];
  const shown = doors.filter((door) => (roomId === ALL || String(door.roomId) === roomId) && (!attention || needsAttention(door)));
  const stale = !online || board.isError;

  return (
    <PageBody>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
        <Select size="sm" aria-label="Room" value={roomId} onChange={(_, value) => setRoomId(value ?? ALL)} sx={{ minWidth: 180 }}>
          <Option value={ALL}>{T.allRooms}</Option>
          {boardRooms(doors).map((room) => <Option key={room.id} value={String(room.id)}>{room.name}</Option>)}
        </Select>
        <Checkbox label={T.needsAttention} checked={attention} onChange={(event) => setAttention(event.target.checked)} />
      </Box>
      {stale && board.dataUpdatedAt > 0 && (
        <Typography level="body-sm" role="status" color="warning">
          {`Offline: the board as saved at ${clockText(new Date(board.dataUpdatedAt).toISOString(), new Date())}`}
        </Typography>
      )}
      {board.data
        ? shown.length
          ? (
            <Box
              component="ul"
              aria-label={T.label}
              sx={{
                listStyle: "none",
                m: 0,
                p: 0,
                display: "grid",
                gap: 1.5,
                gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
              }}
            >
              {shown.map((door) => <BoardCard key={door.deviceId} door={door} />)}
            </Box>
          )
          : <EmptyState>{doors.length ? T.noMatch : T.none}</EmptyState>
        : null}
    </PageBody>
  );
}
