import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function GroupRoomsPage() {
  return <ScaffoldPage screen="Group Rooms" />;
}
