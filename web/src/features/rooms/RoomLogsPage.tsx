// /dash/room/{id}/logs (spec 2 §2): the room's access log from the server
// (not the spec's samples): TIMESTAMP, DEVICE, CREDENTIAL, ACTION, OUTCOME,
// searched by device, action or credential, paged and exported as CSV.
import { EntityLog, LOG_ENTRIES_NO_MATCH } from "../logs/public";
import { RoomLayout } from "./RoomLayout";

const TABLE = {
  emptyText: "No access logs found for this room.",
  noMatchText: LOG_ENTRIES_NO_MATCH,
  subject: "device",
  credential: "type",
  label: "Room access logs",
} as const;

export default function RoomLogsPage() {
  return <RoomLayout tab="Log">{(room) => <EntityLog of={{ kind: "rooms", id: room.id }} {...TABLE} />}</RoomLayout>;
}
