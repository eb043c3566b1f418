// /login (spec 1 §2, §4, §5, §8): step 1 asks for the e-mail and checks for
// passkeys; step 2 (AuthStep.tsx) signs in with Face ID (a passkey) or a
// password, optionally setting up Face ID right after a password sign-in.
// With single sign-on configured (spec 4 §6), step 1 also shows its button under
// Continue, and the refusal of a single sign-on that came back here.
import { type Dispatch, type KeyboardEvent, lazy, Suspense, useEffect, useReducer, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Link from "@mui/joy/Link";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { checkPasskeys, SSO_START_PATH, ssoStatus } from "../../api/auth";
import { readRememberedEmail } from "../../offline/storage";
import { useOnline } from "../../offline/use_outbox";
import { ApiError } from "../../api/api_error";
import { usePageMeta } from "../../ui/page_meta";
import { AuthCard } from "./AuthCard";
import { canContinue, emailLooksValid, initialLoginState, type LoginEvent, loginReducer } from "./login_state";
import { passkeyCheckRefusal } from "./messages";
import { RedirectIfSignedIn } from "./RedirectIfSignedIn";
import { Form } from "../../ui/Form";

const loadAuthStep = () => import("./AuthStep");
const AuthStep = lazy(loadAuthStep);

export default function LoginPage() {
  usePageMeta("Login");
  return (
    <RedirectIfSignedIn>
      <LoginForm />
    </RedirectIfSignedIn>
  );
}

/**
 * The single sign-on button's label, or null: off, or not known (the page is
 * precached, so it asks the server once mounted; offline there is no answer and no
 * button). The answer also carries the refusal of a single sign-on that came back
 * here, which the server gives only once.
 */
function useSsoLabel(dispatch: Dispatch<LoginEvent>): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    ssoStatus().then(
      (sso) => {
        setLabel(sso.enabled ? sso.label : null);
        if (sso.refusal) dispatch({ type: "ssoRefused", error: sso.refusal });
      },
      () => {}, // offline or the server away: sign in without it
    );
  }, [dispatch]);
  return label;
}

function LoginForm() {
  const [state, dispatch] = useReducer(loginReducer, undefined, () => initialLoginState());
  const ssoLabel = useSsoLabel(dispatch);
  const online = useOnline();
  // Filled once mounted, not in the first render: that render must match the page
  // rendered at build time (app/prerender.tsx), which knows no browser's e-mail.
  useEffect(() => {
    const remembered = readRememberedEmail();
    if (remembered) dispatch({ type: "emailChanged", email: remembered });
  }, []);

  async function onContinue() {
    if (!canContinue(state)) return;
    void loadAuthStep();
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
            {ssoLabel && (
              // Off while offline: the provider's page could not open.
              <Button
                type="button"
                variant="outlined"
                color="neutral"
                disabled={!online || state.busy !== null}
                onClick={() => window.location.assign(SSO_START_PATH)}
              >
                {ssoLabel}
              </Button>
            )}
          </Stack>
        </Form>
      ) : (
        // Step 2 (its own chunk, fetched beside the passkey check): the first
        // screen needs none of its sign-in code, Face ID's library above all.
        <Suspense>
          <AuthStep state={state} dispatch={dispatch} />
        </Suspense>
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
