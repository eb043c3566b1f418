import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function HomePage() {
  return <ScaffoldPage screen="Home" />;
}
