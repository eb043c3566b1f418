import { describe, expect, it } from "vitest";
import {
  canContinue,
  canSignIn,
  emailLooksValid,
  initialLoginState,
  type LoginEvent,
  loginReducer,
  type LoginState,
  showsPasswordForm,
  showsSetupFaceId,
} from "./login_state";
import { MESSAGES } from "./messages";

const run = (events: LoginEvent[], start: LoginState = initialLoginState()) => events.reduce(loginReducer, start);

const atAuth = (hasPasskeys: boolean) =>
  run([{ type: "emailChanged", email: " ada@example.com " }, { type: "checkStarted" }, { type: "checkAnswered", hasPasskeys }]);

describe("step 1: e-mail", () => {
  it("starts at the e-mail step with the remembered e-mail", () => {
    expect(initialLoginState("ada@example.com")).toMatchObject({ step: "email", email: "ada@example.com", password: "" });
  });

  it("disables Continue for an empty e-mail or one without @", () => {
    expect(canContinue(run([{ type: "emailChanged", email: "" }]))).toBe(false);
    expect(canContinue(run([{ type: "emailChanged", email: "   " }]))).toBe(false);
    expect(canContinue(run([{ type: "emailChanged", email: "ada.example.com" }]))).toBe(false);
    expect(canContinue(run([{ type: "emailChanged", email: "ada@example.com" }]))).toBe(true);
    expect(emailLooksValid("@")).toBe(true); // the spec's only rule is the @; the server judges the rest
  });

  it("disables Continue while checking, and says Checking", () => {
    const state = run([{ type: "emailChanged", email: "ada@example.com" }, { type: "checkStarted" }]);
    expect(state.busy).toBe("checking");
    expect(canContinue(state)).toBe(false);
  });

  it("shows a single sign-on's refusal on step 1, the e-mail kept and nothing busy", () => {
    const state = run([
      { type: "emailChanged", email: "ada@example.com" },
      { type: "ssoRefused", error: "No Threshold account for ada@example.com" },
    ]);
    expect(state).toMatchObject({ step: "email", email: "ada@example.com", busy: null, error: "No Threshold account for ada@example.com" });
    expect(canContinue(state)).toBe(true);
    // Continuing clears it, as any alert of step 1.
    expect(loginReducer(state, { type: "checkStarted" }).error).toBeNull();
  });

  it("shows the invalid e-mail alert", () => {
    expect(run([{ type: "invalidEmail" }]).error).toBe(MESSAGES.invalidEmail);
  });

  it("moves to step 2 with passkey mode when the e-mail has passkeys, trimming it", () => {
    const state = atAuth(true);
    expect(state).toMatchObject({ step: "auth", email: "ada@example.com", hasPasskeys: true, mode: "passkey", busy: null });
    expect(showsPasswordForm(state)).toBe(false);
    expect(showsSetupFaceId(state)).toBe(false);
  });

  it("moves to step 2 with the password form and Setup Face ID without passkeys", () => {
    const state = atAuth(false);
    expect(state).toMatchObject({ step: "auth", hasPasskeys: false, mode: "password" });
    expect(showsPasswordForm(state)).toBe(true);
    expect(showsSetupFaceId(state)).toBe(true);
  });

  it("stays on step 1 when the check answers non-OK", () => {
    const state = run([
      { type: "emailChanged", email: "ada@x" },
      { type: "checkStarted" },
      { type: "checkRefused", error: "nope" },
    ]);
    expect(state).toMatchObject({ step: "email", busy: null, error: "nope" });
  });

  it("moves on without passkeys when the check throws", () => {
    const state = run([{ type: "emailChanged", email: "ada@example.com" }, { type: "checkStarted" }, {
      type: "checkUnreachable",
    }]);
    expect(state).toMatchObject({ step: "auth", hasPasskeys: false, mode: "password", busy: null });
  });
});

describe("step 2: sign in", () => {
  it("toggles between passkey and password mode only when passkeys exist", () => {
    const password = loginReducer(atAuth(true), { type: "usePassword" });
    expect(password.mode).toBe("password");
    expect(showsPasswordForm(password)).toBe(true);
    expect(showsSetupFaceId(password)).toBe(false);
    expect(loginReducer(password, { type: "useFaceId" }).mode).toBe("passkey");
    expect(loginReducer(atAuth(false), { type: "useFaceId" }).mode).toBe("password");
  });

  it("disables Sign in without a password and while signing in", () => {
    const empty = atAuth(false);
    expect(canSignIn(empty)).toBe(false);
    const typed = loginReducer(empty, { type: "passwordChanged", password: "secret" });
    expect(canSignIn(typed)).toBe(true);
    expect(canSignIn(loginReducer(typed, { type: "signInStarted", method: "password" }))).toBe(false);
  });

  it("never ticks Setup Face ID when passkeys exist", () => {
    expect(loginReducer(atAuth(true), { type: "setupFaceIdChanged", checked: true }).setupFaceId).toBe(false);
    expect(loginReducer(atAuth(false), { type: "setupFaceIdChanged", checked: true }).setupFaceId).toBe(true);
  });

  it("shows a failure and lets the user try again", () => {
    const state = run([
      { type: "passwordChanged", password: "wrong" },
      { type: "signInStarted", method: "password" },
      { type: "signInFailed", error: "Invalid email or password" },
    ], atAuth(false));
    expect(state).toMatchObject({ busy: null, error: "Invalid email or password", password: "wrong" });
    expect(canSignIn(state)).toBe(true);
  });

  it("Change returns to step 1, clears the password and resets passkey state", () => {
    const state = run([
      { type: "usePassword" },
      { type: "passwordChanged", password: "secret" },
      { type: "signInFailed", error: "x" },
      { type: "changeEmail" },
    ], atAuth(true));
    // The very state a first visit starts in, the e-mail kept.
    expect(state).toEqual(initialLoginState("ada@example.com"));
    expect(state).toMatchObject({ step: "email", password: "", hasPasskeys: false, error: null });
  });
});
