import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function LastlockTestPage() {
  return <ScaffoldPage screen="Last Lock Test" />;
}
