import { ScaffoldPage } from "../../ui/ScaffoldPage";

export default function UserCredentialsPage() {
  return <ScaffoldPage screen="User Credentials" />;
}
