import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function DeviceLogsPage() {
  return <ScaffoldPage screen="Device Logs" />;
}
