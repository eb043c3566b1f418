import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function GroupLogsPage() {
  return <ScaffoldPage screen="Group Logs" />;
}
