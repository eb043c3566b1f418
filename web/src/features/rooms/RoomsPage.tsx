import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function RoomsPage() {
  return <ScaffoldPage screen="Rooms" />;
}
