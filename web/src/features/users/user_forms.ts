// The users area's validation rules and texts (spec 1 §5, §8; spec 4 §4), pure.
import type { CreateUserRequest } from "../../../../api/users/contract.ts";
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_MESSAGES } from "../auth/public";

export { MIN_PASSWORD_LENGTH };

/** Add New User; `invite`: `Send an invitation e-mail` (spec 4 §4), and then no password. */
export type NewUserForm = { firstName: string; lastName: string; email: string; password: string; invite: boolean };
type NewUserField = "firstName" | "lastName" | "email" | "password";
export type NewUserErrors = Partial<Record<NewUserField, string>>;

export const NEW_USER_MESSAGES = {
  password: NEW_PASSWORD_MESSAGES.tooShort,
  email: "Please enter a valid email address",
  summary: "Please fill in all required fields correctly",
  createFailed: "Failed to create user",
  createNetwork: "Failed to create user. Please try again.",
} as const;

const REQUIRED: Record<NewUserField, string> = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Email is required",
  password: "Password is required",
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (text: string) => EMAIL.test(text.trim());

/** Every field's problem; empty when the form may be sent. */
export function newUserErrors(form: NewUserForm): NewUserErrors {
  const errors: NewUserErrors = {};
  if (!form.firstName.trim()) errors.firstName = REQUIRED.firstName;
  if (!form.lastName.trim()) errors.lastName = REQUIRED.lastName;
  if (!form.email.trim()) errors.email = REQUIRED.email;
  else if (!isEmail(form.email)) errors.email = NEW_USER_MESSAGES.email;
  // Invited, the person chooses their own password (the field is hidden).
  if (form.invite) return errors;
  if (!form.password) errors.password = REQUIRED.password;
  else if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = NEW_USER_MESSAGES.password;
  return errors;
}

/** What is sent: names and e-mail trimmed; the password as typed, or `invite: true` and none. */
export function newUserPayload(form: NewUserForm): CreateUserRequest {
  const names = { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() };
  return form.invite ? { ...names, invite: true } : { ...names, password: form.password };
}

export type UserDetailsForm = { firstName: string; lastName: string; email: string };

export const EDIT_USER_MESSAGES = {
  invalidTitle: "Validation Error",
  invalid: "All fields are required.",
  failedTitle: "Error",
  failed: "Failed to update user",
} as const;

/** Edit user: all three fields must be non-blank. */
export const userDetailsComplete = (form: UserDetailsForm) =>
  Boolean(form.firstName.trim() && form.lastName.trim() && form.email.trim());

export const DELETE_USER_MESSAGES = {
  doneTitle: "User deleted",
  done: "The user has been permanently deleted.",
  failedTitle: "Delete failed",
  failed: "Failed to delete user. Please try again.",
} as const;

/** The browser confirmation before a delete (spec 1 §5). */
export function deleteUserConfirmation(user: { firstName?: string | null; lastName?: string | null }): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return `Are you sure you want to permanently delete ${name}? This action cannot be undone.`;
}
