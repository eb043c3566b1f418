// Request bodies of the Last Lock calls (spec 2 §3, §5, §7).
import { z } from "zod";
import { CREDENTIAL_TYPES } from "./credential_types.ts";

export const CREDENTIAL_DATA_REQUIRED = "Credential data is required";
const MAX_CREDENTIAL_BYTES = 1024;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const time = (name: string) =>
  z.string({ error: `${name} must be a time like 09:00` }).regex(
    HHMM,
    `${name} must be a time like 09:00`,
  );

const schedule = z.object({
  range_schedule: z.object({ start: time("Start time"), end: time("End time") }, {
    error: "scheduleData must hold a range_schedule with start and end",
  }).refine((range) => range.start !== range.end, "Start and end time must differ"),
}, { error: "scheduleData must hold a range_schedule with start and end" });

/**
 * scheduleData is the text of a JSON object (the test page sends it so); the
 * object itself is accepted too. Left out or null: the credential works at any time.
 */
const scheduleData = z.preprocess((value, ctx) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "scheduleData must be JSON text" });
    return z.NEVER;
  }
}, schedule.nullable().optional());

/** Validation messages are whole sentences: the first one is the 400's error. */
export const createCredentialBody = z.object({
  credentialData: z.string({ error: CREDENTIAL_DATA_REQUIRED })
    .transform((value) => value.replace(/\s+/g, ""))
    .refine((value) => value !== "", { message: CREDENTIAL_DATA_REQUIRED, abort: true })
    .refine((value) => BASE64.test(value), {
      message: "Credential data must be base64",
      abort: true,
    })
    .transform((value) => ({
      text: value,
      bytes: Uint8Array.from(atob(value), (char) => char.charCodeAt(0)),
    }))
    .refine(
      (value) => value.bytes.length <= MAX_CREDENTIAL_BYTES,
      `Credential data must be at most ${MAX_CREDENTIAL_BYTES} bytes`,
    ),
  credentialType: z.enum(CREDENTIAL_TYPES, {
    error: `Credential type must be one of ${CREDENTIAL_TYPES.join(", ")}`,
  }),
  scheduleData,
}, { error: "The request body must be a JSON object" });

export type CreateCredentialInput = z.infer<typeof createCredentialBody>;
