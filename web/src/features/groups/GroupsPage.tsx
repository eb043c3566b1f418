import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function GroupsPage() {
  return <ScaffoldPage screen="Groups" />;
}
