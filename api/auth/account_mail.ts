// The two e-mails that give someone a way into their account (spec 4 §4): an
// invitation to set a password, and a link to reset a forgotten one. Their links
// sign people in, so they appear nowhere else: not in logs, the audit trail or
// GET /api/mail (which never shows a body).
import { compose, type Composed } from "../mail/compose.ts";
import type { Notices } from "../notifications/notices.ts";

export const INVITATION_DAYS = 7;
export const RESET_MINUTES = 60;

export function invitationMail(notices: Notices, firstName: string, token: string): Composed {
  return compose({
    subject: "You're invited to Threshold",
    lines: [
      firstName ? `Hello ${firstName},` : "Hello,",
      "You have been invited to Threshold. Set a password to sign in and see the doors you can open.",
      `The link works once, for ${INVITATION_DAYS} days.`,
    ],
    action: { label: "Set your password", url: new URL(`/invite/${token}`, notices.origin).href },
  });
}

export function resetMail(notices: Notices, email: string, token: string): Composed {
  return compose({
    subject: "Reset your Threshold password",
    lines: [
      `Someone asked to reset the password of the Threshold account for ${email}.`,
      `The link works once, for ${RESET_MINUTES} minutes. If you did not ask, ignore this e-mail: your password stays as it is.`,
    ],
    action: { label: "Reset your password", url: new URL(`/reset-password/${token}`, notices.origin).href },
  });
}
