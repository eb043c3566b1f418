import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function UserPage() {
  return <ScaffoldPage screen="User" />;
}
