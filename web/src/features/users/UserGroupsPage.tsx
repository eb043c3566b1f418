import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function UserGroupsPage() {
  return <ScaffoldPage screen="User Groups" />;
}
