import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function SignupPage() {
  return <ScaffoldPage screen="Sign Up" />;
}
