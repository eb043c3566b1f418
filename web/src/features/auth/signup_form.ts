// The sign-up form's one rule (spec 1 §5).
import type { SignupInput } from "../../api/auth";

/** Create Account is enabled only when e-mail, password, first and last name are all filled. */
export function signupComplete(form: SignupInput): boolean {
  return form.firstName.trim() !== "" && form.lastName.trim() !== "" && form.email.trim() !== "" &&
    form.password !== "";
}
