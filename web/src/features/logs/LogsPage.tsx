import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function LogsPage() {
  return <ScaffoldPage screen="Logs" />;
}
