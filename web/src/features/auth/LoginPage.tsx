// /login (spec 1 §2, §4, §5, §8): step 1 asks for the e-mail and checks for
// passkeys; step 2 (AuthStep.tsx) signs in with Face ID (a passkey) or a
// password, optionally setting up Face ID right after a password sign-in.
import { type KeyboardEvent, lazy, Suspense, useEffect, useReducer } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Link from "@mui/joy/Link";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { checkPasskeys } from "../../api/auth";
import { readRememberedEmail } from "../../offline/storage";
import { ApiError } from "../../api/api_error";
import { usePageMeta } from "../../ui/page_meta";
import { AuthCard } from "./AuthCard";
import { canContinue, emailLooksValid, initialLoginState, loginReducer } from "./login_state";
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

function LoginForm() {
  const [state, dispatch] = useReducer(loginReducer, undefined, () => initialLoginState());
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
