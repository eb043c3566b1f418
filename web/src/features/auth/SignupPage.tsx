// /signup (spec 1 §2, §5, §8): first name, last name, e-mail and password; the
// new account is signed in, its session verified, and the visitor taken to /app.
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Link from "@mui/joy/Link";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { signup, type SignupInput, verifySession } from "../../api/auth";
import { usePageMeta } from "../../ui/page_meta";
import { AuthCard } from "./AuthCard";
import { MESSAGES, signupFailure } from "./messages";
import { RedirectIfSignedIn } from "./RedirectIfSignedIn";
import { signupComplete } from "./signup_form";
import { useEnterApp } from "./sign_in_complete";
import { Form } from "../../ui/Form";

export default function SignupPage() {
  usePageMeta("Sign Up");
  return (
    <RedirectIfSignedIn>
      <SignupForm />
    </RedirectIfSignedIn>
  );
}

const FIELDS: { name: keyof SignupInput; label: string; placeholder: string; type: string; autoComplete: string }[] = [
  { name: "firstName", label: "First name", placeholder: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", placeholder: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", placeholder: "Enter your email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", placeholder: "Enter your password", type: "password", autoComplete: "new-password" },
];

function SignupForm() {
  const [form, setForm] = useState<SignupInput>({ firstName: "", lastName: "", email: "", password: "" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enterApp = useEnterApp();

  async function onSubmit() {
    if (!signupComplete(form) || busy) return;
    setBusy(true);
    setError(null);
    const fail = (message: string) => {
      setError(message);
      setBusy(false);
    };
    try {
      await signup({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        password: form.password,
      });
    } catch (failure) {
      return fail(signupFailure(failure));
    }
    try {
      enterApp(await verifySession()); // stays busy until /app opens
    } catch (failure) {
      console.error("Session verification failed:", failure);
      fail(MESSAGES.signupSessionCheck);
    }
  }

  return (
    <AuthCard heading="Sign up for Threshold">
      {error && (
        <Alert color="danger" variant="soft" role="alert">
          {error}
        </Alert>
      )}
      <Form onSubmit={() => void onSubmit()}>
        <Stack gap={2}>
          {FIELDS.map((field, index) => (
            <FormControl key={field.name}>
              <FormLabel>{field.label}</FormLabel>
              <Input
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                autoFocus={index === 0}
                placeholder={field.placeholder}
                value={form[field.name]}
                onChange={(event) => setForm((current) => ({ ...current, [field.name]: event.target.value }))}
              />
            </FormControl>
          ))}
          <Button type="submit" disabled={!signupComplete(form) || busy}>
            Create Account
          </Button>
        </Stack>
      </Form>
      <Typography level="body-sm" textAlign="center">
        Already have an account?{" "}
        <Link component={RouterLink} to="/login" underline="always">
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
