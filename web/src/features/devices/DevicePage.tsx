import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function DevicePage() {
  return <ScaffoldPage screen="Device" />;
}
