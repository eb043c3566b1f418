// The form of both pages where a person chooses their password from an e-mailed
// link (spec 4 §4): the password and its confirmation, checked before sending
// (new_password.ts), then the page's call, which signs in; then, as after any
// sign-in, the session is verified with the me call and the visitor goes to /app
// (sign_in_complete.ts). Offline the submit button is disabled under the notice.
import { useState } from "react";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Stack from "@mui/joy/Stack";
import { verifySession } from "../../api/auth";
import { useOnline } from "../../offline/use_outbox";
import { Form } from "../../ui/Form";
import { ConnectionNeededNotice } from "./ConnectionNeeded";
import { MESSAGES } from "./messages";
import { MIN_PASSWORD_LENGTH, type NewPassword, newPasswordFilled, newPasswordProblem } from "./new_password";
import { useEnterApp } from "./sign_in_complete";

type Props = {
  /** The account's e-mail when the page knows it, for password managers. */
  email?: string;
  labels: { password: string; confirmation: string; submit: string };
  /** Sets the password and signs in; throws what `failure` turns into words. */
  send: (password: string) => Promise<unknown>;
  failure: (error: unknown) => string;
};

const EMPTY: NewPassword = { password: "", confirmation: "" };

export function NewPasswordForm({ email, labels, send, failure }: Props) {
  const [form, setForm] = useState<NewPassword>(EMPTY);
  // A rule broken (in its field) or the server's refusal (field null).
  const [problem, setProblem] = useState<{ field: keyof NewPassword | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const enterApp = useEnterApp();

  async function onSubmit() {
    if (!newPasswordFilled(form) || busy || !online) return;
    const found = newPasswordProblem(form);
    if (found) return setProblem(found);
    setBusy(true);
    setProblem(null);
    const fail = (text: string) => {
      setProblem({ field: null, text });
      setBusy(false);
    };
    try {
      await send(form.password);
    } catch (error) {
      return fail(failure(error));
    }
    try {
      enterApp(await verifySession()); // stays busy until /app opens
    } catch (error) {
      console.error("Session verification failed:", error);
      fail(MESSAGES.loginSessionCheck);
    }
  }

  const field = (name: keyof NewPassword, label: string, autoFocus: boolean) => (
    <FormControl error={problem?.field === name}>
      <FormLabel>{label}</FormLabel>
      <Input
        type="password"
        name={name}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={form[name]}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
        // No maxLength: the browser would cut a longer pasted password short, silently.
        slotProps={{ input: { minLength: MIN_PASSWORD_LENGTH } }}
      />
    </FormControl>
  );

  return (
    <Form onSubmit={() => void onSubmit()}>
      <Stack gap={2}>
        {problem && (
          <Alert color="danger" variant="soft" role="alert">
            {problem.text}
          </Alert>
        )}
        {/* Lets password managers save the new password under the account's e-mail. */}
        {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
        {field("password", labels.password, true)}
        {field("confirmation", labels.confirmation, false)}
        <ConnectionNeededNotice online={online} />
        <Button type="submit" disabled={!newPasswordFilled(form) || busy || !online}>
          {labels.submit}
        </Button>
      </Stack>
    </Form>
  );
}
