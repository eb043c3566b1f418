import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function RoomPage() {
  return <ScaffoldPage screen="Room" />;
}
