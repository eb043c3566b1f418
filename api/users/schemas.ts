// Request bodies of the users calls (spec 1 §3, §5, §7). Messages are whole
// sentences, the spec's where it gives one; see http/read_body.ts.
import { z } from "zod";

export const EMAIL_INVALID = "Please enter a valid email address";
export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters";
export const ALL_FIELDS_REQUIRED = "All fields are required.";

/** Trimmed, non-blank text; `missing` is the message for absent, blank or non-text. */
const requiredText = (missing: string, tooLong: string, max: number) =>
  z.string({ error: missing }).trim().min(1, { error: missing, abort: true })
    .max(max, tooLong);

/** Trimmed and lower-cased, like sign-up: e-mail is unique regardless of case. */
export const email = (missing: string) =>
  z.string({ error: missing }).trim().toLowerCase().min(1, { error: missing, abort: true })
    .max(254, { error: "Email must be at most 254 characters", abort: true })
    .email(EMAIL_INVALID);

export const name = (label: string, missing = `${label} is required`) =>
  requiredText(missing, `${label} must be at most 100 characters`, 100);

// New user (dashboard): names and e-mail required; a password of at least 8 (ASVS: up
// to 128 accepted), or `invite: true` and none: the person chooses it from the
// invitation's e-mail (spec 4 §4).
export const createUserBody = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: email("Email is required"),
  password: z.string({ error: "Password must be text" }).min(8, PASSWORD_TOO_SHORT)
    .max(128, "Password must be at most 128 characters").optional(),
  invite: z.boolean({ error: "Invite must be true or false" }).default(false),
}).superRefine((body, ctx) => {
  if (body.invite === true && body.password !== undefined) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "An invited user sets their own password" });
  } else if (body.invite !== true && body.password === undefined) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "Password is required" });
  }
  // Also when other fields are missing, so that a 400 names every one of them.
}, { when: ({ value }) => typeof value === "object" && value !== null });

// Edit user: the three fields must be non-blank ("All fields are required.").
export const updateUserBody = z.object({
  firstName: name("First name", ALL_FIELDS_REQUIRED),
  lastName: name("Last name", ALL_FIELDS_REQUIRED),
  email: email(ALL_FIELDS_REQUIRED),
});

export const CREDENTIAL_TYPES = ["HID Prox", "PKOC BLE", "EM41", "Mifare"] as const;
/** The identity-verification provider's type, shown on the synthetic id -1 row. */
export const SYSTEM_CREDENTIAL_TYPE = "Stripe Identity";

// A badge: the type is one of the four offered; the codes are trimmed. The card
// code is what a reader reports, so the server requires it (spec 1 §3: cardCode
// required) although the form leaves it optional; a facility code may be absent.
export const credentialBody = z.object({
  type: z.string({ error: "Type is required" }).trim().min(1, {
    error: "Type is required",
    abort: true,
  }).refine(
    (type) => (CREDENTIAL_TYPES as readonly string[]).includes(type),
    `Type must be one of ${CREDENTIAL_TYPES.join(", ")}`,
  ),
  facilityCode: z.string({ error: "Facility code must be text" }).trim()
    .max(64, "Facility code must be at most 64 characters").nullable().optional()
    .transform((value) => value || null),
  cardCode: requiredText("Card code is required", "Card code must be at most 128 characters", 128),
});

export type CreateUserInput = z.infer<typeof createUserBody>;
export type UpdateUserInput = z.infer<typeof updateUserBody>;
export type CredentialInput = z.infer<typeof credentialBody>;
