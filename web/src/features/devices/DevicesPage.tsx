import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function DevicesPage() {
  return <ScaffoldPage screen="Devices" />;
}
