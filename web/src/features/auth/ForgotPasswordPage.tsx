// /forgot-password (spec 4 §4), opened by login step 2's `Forgot password?` with
// the e-mail filled in (passed in the router's state, not the address): `Send
// reset link`, then `If an account exists for <email>, a reset link is on its
// way.`, the same whether or not it does. Not precached: see ConnectionNeeded.tsx.
import { useState } from "react";
import { useLocation } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { requestPasswordReset } from "../../api/password_reset";
import { useOnline } from "../../offline/use_outbox";
import { Form } from "../../ui/Form";
import { usePageMeta } from "../../ui/page_meta";
import { ACCOUNTS_BY_EMAIL as M, resetRequestFailure } from "./accounts_by_email";
import { AuthCard } from "./AuthCard";
import { BackToSignIn } from "./BackToSignIn";
import { ConnectionNeededNotice } from "./ConnectionNeeded";
import { emailLooksValid } from "./login_state";

/** What /login hands over: the e-mail of its step 2. */
export type ForgotPasswordState = { email: string };

const handedOver = (state: unknown) => {
  const email = (state as Partial<ForgotPasswordState> | null)?.email;
  return typeof email === "string" ? email : "";
};

export default function ForgotPasswordPage() {
  usePageMeta("Forgot Password");
  const location = useLocation();
  const [email, setEmail] = useState(() => handedOver(location.state));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const ready = emailLooksValid(email) && !busy && online;

  async function onSubmit() {
    if (!ready) return;
    const address = email.trim();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (failure) {
      setError(resetRequestFailure(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard heading={M.forgotHeading}>
      {sentTo !== null ? (
        <Alert color="success" variant="soft" role="status">
          {M.resetLinkSent(sentTo)}
        </Alert>
      ) : (
        <Form onSubmit={() => void onSubmit()}>
          <Stack gap={2}>
            {error && (
              <Alert color="danger" variant="soft" role="alert">
                {error}
              </Alert>
            )}
            <Typography level="body-sm">{M.forgotIntro}</Typography>
            <FormControl>
              <FormLabel>Email</FormLabel>
              <Input
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                placeholder="Enter your email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </FormControl>
            <ConnectionNeededNotice online={online} />
            <Button type="submit" disabled={!ready}>
              {M.sendResetLink}
            </Button>
          </Stack>
        </Form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
