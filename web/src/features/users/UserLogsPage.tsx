import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function UserLogsPage() {
  return <ScaffoldPage screen="User Logs" />;
}
