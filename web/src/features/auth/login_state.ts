// The two-step login of spec 1 §2 and §4 as a pure reducer: step "email" asks for
// the address, step "auth" signs in with a passkey or a password.
import { MESSAGES } from "./messages";

export type LoginStep = "email" | "auth";
export type AuthMode = "passkey" | "password";
/** What is running: the passkey check, a password or passkey sign-in, or nothing. */
export type Busy = "checking" | "password" | "passkey" | null;

export type LoginState = {
  step: LoginStep;
  email: string;
  password: string;
  hasPasskeys: boolean;
  mode: AuthMode;
  setupFaceId: boolean;
  busy: Busy;
  error: string | null;
};

export type LoginEvent =
  | { type: "emailChanged"; email: string }
  | { type: "invalidEmail" }
  | { type: "checkStarted" }
  /** The passkey check answered OK. */
  | { type: "checkAnswered"; hasPasskeys: boolean }
  /** The check answered non-OK: the step does not change. */
  | { type: "checkRefused"; error: string }
  /** The check threw (no answer): go on as if the e-mail had no passkeys. */
  | { type: "checkUnreachable" }
  | { type: "changeEmail" }
  | { type: "usePassword" }
  | { type: "useFaceId" }
  | { type: "passwordChanged"; password: string }
  | { type: "setupFaceIdChanged"; checked: boolean }
  | { type: "signInStarted"; method: "password" | "passkey" }
  | { type: "signInFailed"; error: string }
  /** The server's refusal of a single sign-on that came back to /login. */
  | { type: "ssoRefused"; error: string };

export function initialLoginState(rememberedEmail = ""): LoginState {
  return {
    step: "email",
    email: rememberedEmail,
    password: "",
    hasPasskeys: false,
    mode: "password",
    setupFaceId: false,
    busy: null,
    error: null,
  };
}

/** The e-mail step's only rule (spec 1 §5): not empty, and an @ in it. */
export function emailLooksValid(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== "" && trimmed.includes("@");
}

/** Continue is disabled when the e-mail is empty or has no @, and while busy. */
export function canContinue(state: LoginState): boolean {
  return emailLooksValid(state.email) && state.busy === null;
}

/** Sign in is enabled only with a password (spec 1 §5). */
export function canSignIn(state: LoginState): boolean {
  return state.password !== "" && state.busy === null;
}

/** Password field and Sign in: without passkeys, or when the user chose password. */
export function showsPasswordForm(state: LoginState): boolean {
  return !state.hasPasskeys || state.mode === "password";
}

/** "Setup Face ID" only when the e-mail has no passkeys yet. */
export function showsSetupFaceId(state: LoginState): boolean {
  return !state.hasPasskeys;
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case "emailChanged":
      return { ...state, email: event.email };
    case "invalidEmail":
      return { ...state, error: MESSAGES.invalidEmail };
    case "checkStarted":
      return { ...state, email: state.email.trim(), busy: "checking", error: null };
    case "checkAnswered":
      return {
        ...state,
        step: "auth",
        hasPasskeys: event.hasPasskeys,
        mode: event.hasPasskeys ? "passkey" : "password",
        setupFaceId: false,
        busy: null,
        error: null,
      };
    case "checkRefused":
      return { ...state, busy: null, error: event.error };
    case "checkUnreachable":
      return { ...state, step: "auth", hasPasskeys: false, mode: "password", setupFaceId: false, busy: null, error: null };
    case "changeEmail":
      // Back to the first step, as it starts, with the e-mail kept for editing.
      return initialLoginState(state.email);
    case "usePassword":
      return state.hasPasskeys ? { ...state, mode: "password", error: null } : state;
    case "useFaceId":
      return state.hasPasskeys ? { ...state, mode: "passkey", error: null } : state;
    case "passwordChanged":
      return { ...state, password: event.password };
    case "setupFaceIdChanged":
      return { ...state, setupFaceId: state.hasPasskeys ? false : event.checked };
    case "signInStarted":
      return { ...state, busy: event.method, error: null };
    case "signInFailed":
      return { ...state, busy: null, error: event.error };
    case "ssoRefused":
      return { ...state, error: event.error };
  }
}
