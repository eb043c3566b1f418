// A password chosen by its owner (spec 4 §4: an invitation's, a reset's), pure:
// the server's rule (at least 8 characters, at most 128: api/auth/schemas.ts) in
// the app's words for it (the Add New User dialog's), and the confirmation's.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const NEW_PASSWORD_MESSAGES = {
  tooShort: "Password must be at least 8 characters",
  tooLong: "Password must be at most 128 characters",
  mismatch: "Passwords do not match",
} as const;

export type NewPassword = { password: string; confirmation: string };

/** The submit button waits for both fields, as Sign in waits for a password. */
export const newPasswordFilled = ({ password, confirmation }: NewPassword) => password !== "" && confirmation !== "";

/** A problem and the field it is in. */
export type NewPasswordProblem = { field: keyof NewPassword; text: string };

/** What is wrong with the pair (the password's own rule first), or null when it may be sent. */
export function newPasswordProblem({ password, confirmation }: NewPassword): NewPasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return { field: "password", text: NEW_PASSWORD_MESSAGES.tooShort };
  if (password.length > MAX_PASSWORD_LENGTH) return { field: "password", text: NEW_PASSWORD_MESSAGES.tooLong };
  if (confirmation !== password) return { field: "confirmation", text: NEW_PASSWORD_MESSAGES.mismatch };
  return null;
}
