import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function RoomSensorPage() {
  return <ScaffoldPage screen="Room Sensor" />;
}
