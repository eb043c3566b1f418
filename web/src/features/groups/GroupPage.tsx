import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function GroupPage() {
  return <ScaffoldPage screen="Group" />;
}
