// Step 2 of /login (spec 1 §2, §4, §8): the entered e-mail with Change, then
// Face ID (a passkey) or a password, optionally setting up Face ID right after a
// password sign-in; `Forgot password?` opens /forgot-password with the e-mail
// (spec 4 §4). Its own chunk (LoginPage.tsx loads it with the passkey
// check), so the sign-in page's first screen carries none of this.
import type { Dispatch } from "react";
import { Link as RouterLink } from "react-router-dom";
import Button from "@mui/joy/Button";
import Checkbox from "@mui/joy/Checkbox";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { passwordLogin, verifySession } from "../../api/auth";
import { passkeyLogin, registerPasskey } from "../../api/passkeys";
import type { SessionUser } from "../../api/session";
import { FaceIdIcon } from "../../ui/icons";
import { Form } from "../../ui/Form";
import type { ForgotPasswordState } from "./ForgotPasswordPage";
import { canSignIn, type LoginEvent, type LoginState, showsPasswordForm, showsSetupFaceId } from "./login_state";
import { MESSAGES, passkeyLoginFailure, passwordLoginFailure } from "./messages";
import { useEnterApp } from "./sign_in_complete";

export default function AuthStep({ state, dispatch }: { state: LoginState; dispatch: Dispatch<LoginEvent> }) {
  const enterApp = useEnterApp();

  /** The me call after any sign-in; the visitor goes on only with a verified session. */
  async function verified(): Promise<SessionUser | null> {
    try {
      return await verifySession();
    } catch (error) {
      console.error("Session verification failed:", error);
      dispatch({ type: "signInFailed", error: MESSAGES.loginSessionCheck });
      return null;
    }
  }

  async function signInWithPassword() {
    if (!canSignIn(state)) return;
    const { email, password, setupFaceId } = state;
    dispatch({ type: "signInStarted", method: "password" });
    try {
      await passwordLogin(email, password);
    } catch (error) {
      dispatch({ type: "signInFailed", error: passwordLoginFailure(error) });
      return;
    }
    const user = await verified();
    if (!user) return;
    if (setupFaceId) {
      try {
        await registerPasskey();
      } catch (error) {
        // Signed in, but without Face ID: stay, so the user can try again or untick the box.
        console.error("Face ID registration failed:", error);
        dispatch({ type: "signInFailed", error: MESSAGES.passkeyRegisterFailed });
        return;
      }
    }
    enterApp(user);
  }

  async function signInWithPasskey() {
    dispatch({ type: "signInStarted", method: "passkey" });
    try {
      await passkeyLogin(state.email);
    } catch (error) {
      console.error("Face ID sign-in failed:", error);
      dispatch({ type: "signInFailed", error: passkeyLoginFailure(error) });
      return;
    }
    const user = await verified();
    if (user) enterApp(user);
  }

  const busy = state.busy !== null;

  return (
    <Stack gap={2}>
      <Sheet
        variant="soft"
        sx={{ display: "flex", alignItems: "center", gap: 1, pl: 1.5, pr: 0.5, py: 0.5, borderRadius: "sm" }}
      >
        <Typography level="body-sm" textColor="text.primary" noWrap sx={{ flex: 1 }} title={state.email}>
          {state.email}
        </Typography>
        <Button size="sm" variant="plain" disabled={busy} onClick={() => dispatch({ type: "changeEmail" })}>
          Change
        </Button>
      </Sheet>

      {showsPasswordForm(state) ? (
        <Form onSubmit={() => void signInWithPassword()}>
          <Stack gap={2}>
            {/* Lets password managers pair the password with the e-mail of step 1. */}
            <input type="email" name="username" autoComplete="username" value={state.email} readOnly hidden />
            <FormControl>
              <FormLabel>Password</FormLabel>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                autoFocus
                placeholder="Enter your password"
                value={state.password}
                onChange={(event) => dispatch({ type: "passwordChanged", password: event.target.value })}
              />
            </FormControl>
            {showsSetupFaceId(state) && (
              <Checkbox
                label="Setup Face ID"
                checked={state.setupFaceId}
                disabled={busy}
                onChange={(event) => dispatch({ type: "setupFaceIdChanged", checked: event.target.checked })}
              />
            )}
            <Button type="submit" disabled={!canSignIn(state)}>
              Sign in
            </Button>
            <Stack direction="row" justifyContent={state.hasPasskeys ? "space-between" : "center"} gap={1}>
              {state.hasPasskeys && (
                <Link component="button" type="button" level="body-sm" onClick={() => dispatch({ type: "useFaceId" })}>
                  Back to Face ID
                </Link>
              )}
              {/* Spec 4 §4: the e-mail goes along in the router's state, not in the address. */}
              <Link
                component={RouterLink}
                to="/forgot-password"
                state={{ email: state.email } satisfies ForgotPasswordState}
                level="body-sm"
              >
                Forgot password?
              </Link>
            </Stack>
          </Stack>
        </Form>
      ) : (
        <Stack gap={1.5} alignItems="center">
          <Button
            fullWidth
            autoFocus
            startDecorator={<FaceIdIcon />}
            disabled={busy}
            onClick={() => void signInWithPasskey()}
          >
            Log In with Face ID
          </Button>
          <Link component="button" type="button" level="body-sm" onClick={() => dispatch({ type: "usePassword" })}>
            Use password instead
          </Link>
        </Stack>
      )}
    </Stack>
  );
}
