import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function UsersPage() {
  return <ScaffoldPage screen="Users" />;
}
