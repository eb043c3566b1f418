// The words of the pages of spec 4 §4 (invitations and password reset), the
// spec's own and ours (docs/screens.md), and which one a failure shows.
import { ApiError, serverMessage } from "../../api/api_error";

export const ACCOUNTS_BY_EMAIL = {
  forgotHeading: "Forgot your password?",
  forgotIntro: "Enter your email and we'll send you a link to set a new password.",
  sendResetLink: "Send reset link",
  resetLinkSent: (email: string) => `If an account exists for ${email}, a reset link is on its way.`,
  resetRequestFailed: "Could not send a reset link. Please try again.",
  resetHeading: "Set a new password",
  resetPassword: "Reset Password",
  resetFailed: "Could not reset your password. Please try again.",
  welcome: "Welcome to Threshold",
  setPasswordFor: (email: string) => `Set a password for ${email}`,
  setPassword: "Set Password",
  invitationGone: "This invitation has expired or was already used",
  askForNewInvitation: "Ask an administrator to send a new one.",
  invitationUnreadable: "Could not open this invitation. Please try again.",
  acceptFailed: "Could not set your password. Please try again.",
  backToSignIn: "Back to sign in",
} as const;

const M = ACCOUNTS_BY_EMAIL;

/** The reset request: the server's sentence (a malformed address, too many requests), else try again. */
export const resetRequestFailure = (error: unknown) => serverMessage(error, M.resetRequestFailed);

/** Setting a new password from a reset link: the server's sentence (the 400 of a bad link), else try again. */
export const resetFailure = (error: unknown) => serverMessage(error, M.resetFailed);

/** Unknown, used, voided or expired (the server's 404): the invitation is gone, and the page says so. */
export const invitationGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The sentence of a gone invitation: the server's, else the spec's. */
export const invitationGoneText = (error: unknown) => serverMessage(error, M.invitationGone);

/** Accepting failed otherwise: the server's sentence (a refused password), else try again. */
export const acceptFailure = (error: unknown) => serverMessage(error, M.acceptFailed);
