import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function LoginPage() {
  return <ScaffoldPage screen="Login" />;
}
