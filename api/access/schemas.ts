// What doors and readers send: a credential, a decision request, offline events;
// and the reasons a decision gives.
import { z } from "zod";
import { CREDENTIAL_TYPES } from "../users/schemas.ts";

/**
 * Why a decision went the way it did, first failing rule first. The code is what
 * a device reads; the sentence is what the access log keeps (the words the
 * dashboard and the demo data use).
 */
export const REASONS = {
  granted: "Access granted",
  device_inactive: "Device is deactivated",
  device_unassigned: "Device is not assigned to a room",
  room_inactive: "Room is deactivated",
  unknown_credential: "Unknown credential",
  credential_inactive: "Credential is deactivated",
  user_inactive: "User is deactivated",
  lockdown: "Lockdown in effect",
  no_group_access: "No access to this room",
  outside_schedule: "Outside the allowed hours for this room",
  visit_not_active: "This pass is not valid right now",
  pin_locked: "Too many wrong PINs, try again in a minute",
} as const;
export type Reason = keyof typeof REASONS;
export const DENY_REASONS = Object.keys(REASONS).filter((r) => r !== "granted") as Exclude<
  Reason,
  "granted"
>[];

/** How a decision's credential is named in the log's credential type column. */
export const LOGGED_TYPE = { passkey: "Passkey", wallet: "Wallet", PIN: "Visitor PIN", "Visitor Pass": "Visitor Pass" } as const;

const card = z.object({
  type: z.enum(CREDENTIAL_TYPES, { error: `must be one of ${CREDENTIAL_TYPES.join(", ")}` }),
  facilityCode: z.union([z.string(), z.number()], { error: "must be text" }).nullable()
    .optional().transform((value) => (value == null ? null : String(value).trim() || null))
    .refine((value) => value === null || value.length <= 64, "must be at most 64 characters"),
  cardCode: z.union([z.string(), z.number()], { error: "is required" })
    .transform((value) => String(value).trim())
    .refine((value) => value.length > 0, "is required")
    .refine((value) => value.length <= 128, "must be at most 128 characters"),
});

const presented = z.object({
  type: z.enum(["passkey", "wallet"]),
  credentialId: z.string({
    error: (issue) => (issue.input === undefined ? "is required" : "must be text"),
  }).trim().min(1, "is required")
    .max(1_024, "must be at most 1024 characters"),
});

/** A guest's (spec 4 §5): a PIN typed at a keypad, a pass's code read from its QR code. */
const visitor = z.object({
  type: z.enum(["PIN", "Visitor Pass"]),
  code: z.string({
    error: (issue) => (issue.input === undefined ? "is required" : "must be text"),
  }).trim().min(1, "is required").max(128, "must be at most 128 characters"),
});

const TYPES = [...CREDENTIAL_TYPES, "passkey", "wallet", "PIN", "Visitor Pass"].join(", ");
export const credential = z.discriminatedUnion("type", [card, presented, visitor], {
  error: (issue) =>
    issue.input === undefined
      ? "is required"
      : issue.code === "invalid_union"
      ? `must be one of ${TYPES}`
      : "must be a credential object",
});
export type CredentialInput = z.infer<typeof credential>;

export const action = z.string({ error: "must be text" }).trim().min(1, "must not be blank")
  .max(50, "must be at most 50 characters").default("Unlock");

/** A controller's own id for the attempt (spec 3 §3): logged with the decision, so the
 * same attempt uploaded later as an offline event (its answer came too late) is not
 * logged twice. */
export const eventId = z.guid({ error: "must be a UUID" }).transform((value) => value.toLowerCase());

export const decisionBody = z.object({ credential, action, eventId: eventId.optional() }, {
  error: "Request body must be a JSON object",
});
export type DecisionInput = z.infer<typeof decisionBody>;

/** A door's answer to a command (spec 3 §3). */
export const ackBody = z.object({
  result: z.enum(["unlocked", "failed"], { error: "must be unlocked or failed" }),
  message: z.string({ error: "must be text" }).trim().max(500, "must be at most 500 characters").nullable().optional(),
}, { error: "Request body must be a JSON object" });

export const MAX_EVENTS = 200;
/** A controller clock this far ahead of ours is wrong, not early. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** Offline events older than this are refused (a controller with a broken clock). */
export const MAX_EVENT_AGE_DAYS = 365;

/** When a controller says something happened: not ahead of our clock, not a year old. */
export const timestamp = z.iso.datetime({ offset: true, error: "must be an ISO date-time" })
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), { error: "must be an ISO date-time", abort: true })
  .refine((date) => date.getTime() <= Date.now() + MAX_CLOCK_SKEW_MS, "is in the future")
  .refine(
    (date) => date.getTime() >= Date.now() - MAX_EVENT_AGE_DAYS * 86_400_000,
    `is more than ${MAX_EVENT_AGE_DAYS} days ago`,
  );

export const offlineEvent = z.object({
  eventId,
  timestamp,
  credential,
  decision: z.enum(["granted", "denied"], { error: "must be granted or denied" }),
  reason: z.enum(Object.keys(REASONS) as Reason[], {
    error: `must be one of ${Object.keys(REASONS).join(", ")}`,
  }).optional(),
  action,
}).superRefine((event, ctx) => {
  if (event.reason && (event.reason === "granted") !== (event.decision === "granted")) {
    ctx.addIssue({ code: "custom", message: `does not match the decision`, path: ["reason"] });
  }
});
export type OfflineEvent = z.infer<typeof offlineEvent>;

export const eventsBody = z.array(offlineEvent, { error: "must be a list of events" })
  .max(MAX_EVENTS, `at most ${MAX_EVENTS} events per call`);

/**
 * An access list's version (access_list.ts): the generations of its people and of
 * its visits, and its room (`-`: a list that denies all).
 */
export const LIST_VERSION = /^(\d{1,18})\.(\d{1,18})\.([1-9]\d{0,9}|-)$/;

export const accessListQuery = z.object({
  since: z.string().regex(LIST_VERSION, "must be a version this API sent (an access list's Access-List-Version)").optional(),
});
