import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function GroupUsersPage() {
  return <ScaffoldPage screen="Group Users" />;
}
