import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function RoomLogsPage() {
  return <ScaffoldPage screen="Room Logs" />;
}
