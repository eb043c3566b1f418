import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function RoomDevicesPage() {
  return <ScaffoldPage screen="Room Devices" />;
}
