// /reset-password/<token> (spec 4 §4), the e-mailed reset link: a new password
// and its confirmation, `Reset Password`. The server ends every session of the
// user and signs in on this one; the visitor then goes where a sign-in goes. A
// used or expired link shows the server's 400 sentence (`This reset link has
// expired or was already used`). Not precached: see ConnectionNeeded.tsx.
import { useParams } from "react-router-dom";
import { completePasswordReset } from "../../api/password_reset";
import { usePageMeta } from "../../ui/page_meta";
import { ACCOUNTS_BY_EMAIL as M, resetFailure } from "./accounts_by_email";
import { AuthCard } from "./AuthCard";
import { BackToSignIn } from "./BackToSignIn";
import { NewPasswordForm } from "./NewPasswordForm";

const LABELS = { password: "New password", confirmation: "Confirm new password", submit: M.resetPassword };

export default function ResetPasswordPage() {
  usePageMeta("Reset Password");
  // The token stays in the address and in memory: nothing here stores it.
  const { token = "" } = useParams();
  return (
    <AuthCard heading={M.resetHeading}>
      <NewPasswordForm labels={LABELS} send={(password) => completePasswordReset(token, password)} failure={resetFailure} />
      <BackToSignIn />
    </AuthCard>
  );
}
