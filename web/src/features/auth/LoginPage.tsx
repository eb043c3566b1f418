// /login (spec 1 §2, §4, §5, §8): step 1 asks for the e-mail and checks for
// passkeys; step 2 signs in with Face ID (a passkey) or a password, optionally
// setting up Face ID right after a password sign-in.
import { type KeyboardEvent, useReducer } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import Checkbox from "@mui/joy/Checkbox";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { checkPasskeys, passwordLogin, verifySession } from "../../api/auth";
import { readRememberedEmail } from "../../offline/storage";
import { passkeyLogin, registerPasskey } from "../../api/passkeys";
import { ApiError } from "../../api/api_error";
import type { SessionUser } from "../../api/session";
import { FaceIdIcon } from "../../ui/icons";
import { usePageMeta } from "../../ui/page_meta";
import { AuthCard } from "./AuthCard";
import {
  canContinue,
  canSignIn,
  emailLooksValid,
  initialLoginState,
  loginReducer,
  showsPasswordForm,
  showsSetupFaceId,
} from "./login_state";
import { MESSAGES, passkeyCheckRefusal, passkeyLoginFailure, passwordLoginFailure } from "./messages";
import { RedirectIfSignedIn } from "./RedirectIfSignedIn";
import { useEnterApp } from "./sign_in_complete";
import { Form } from "../../ui/Form";

export default function LoginPage() {
  usePageMeta("Login");
  return (
    <RedirectIfSignedIn>
      <LoginForm />
    </RedirectIfSignedIn>
  );
}

function LoginForm() {
  const [state, dispatch] = useReducer(loginReducer, undefined, () => initialLoginState(readRememberedEmail()));
  const enterApp = useEnterApp();

  async function onContinue() {
    if (!canContinue(state)) return;
    dispatch({ type: "checkStarted" });
    try {
      dispatch({ type: "checkAnswered", hasPasskeys: await checkPasskeys(state.email.trim()) });
    } catch (error) {
      if (error instanceof ApiError) dispatch({ type: "checkRefused", error: passkeyCheckRefusal(error) });
      else dispatch({ type: "checkUnreachable" }); // no answer: treat as "no passkeys" (spec 1 §4)
    }
  }

  function onEmailKeyDown(event: KeyboardEvent) {
    if (event.key !== "Enter" || emailLooksValid(state.email)) return;
    // The disabled Continue button would swallow the Enter silently; say why instead.
    event.preventDefault();
    dispatch({ type: "invalidEmail" });
  }

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
    <AuthCard heading="Log in to Threshold">
      {state.error && (
        <Alert color="danger" variant="soft" role="alert">
          {state.error}
        </Alert>
      )}

      {state.step === "email" ? (
        <Form onSubmit={() => void onContinue()}>
          <Stack gap={2}>
            <FormControl>
              <FormLabel>Email</FormLabel>
              <Input
                type="email"
                name="email"
                autoComplete="username"
                autoFocus
                placeholder="Enter your email"
                value={state.email}
                onChange={(event) => dispatch({ type: "emailChanged", email: event.target.value })}
                onKeyDown={onEmailKeyDown}
              />
            </FormControl>
            <Button type="submit" disabled={!canContinue(state)}>
              {state.busy === "checking" ? "Checking..." : "Continue"}
            </Button>
          </Stack>
        </Form>
      ) : (
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
                  <Link
                    component="button"
                    type="button"
                    level="body-sm"
                    // Not implemented (spec 1 §2): the link only notes that it was used.
                    onClick={() => console.log("Forgot password is not implemented yet")}
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
      )}

      <Typography level="body-sm" textAlign="center">
        Don't have an account?{" "}
        <Link component={RouterLink} to="/signup" underline="always">
          Sign up
        </Link>
      </Typography>
    </AuthCard>
  );
}
