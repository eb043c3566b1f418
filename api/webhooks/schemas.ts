// Request bodies of the webhook calls (spec 3 §6). Messages are whole sentences
// (http/read_body.ts); the spec gives one (a private address, webhooks/public_address.ts),
// the rest are ours (docs/api.md). The Add Webhook dialog checks with these same rules.
import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../events/contract.ts";

export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 500;


export const WEBHOOK_MESSAGES = {
  urlRequired: "Webhook URL is required",
  urlInvalid: "Webhook URL must be an http:// or https:// address",
  urlTooLong: `Webhook URL must be at most ${URL_MAX} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  eventTypes: `Event types must be a list of: ${WEBHOOK_EVENT_TYPES.join(", ")}`,
  isActive: "isActive must be true or false",
  privateAddress: "Webhook URL must be a public address",
  unresolved: "Webhook URL's host could not be found",
  inactive: "This webhook is turned off: turn it on first",
  notFailed: "Only a failed delivery can be retried",
} as const;

const M = WEBHOOK_MESSAGES;

/** An http(s) URL with a host, no credentials in it (they would show in every read). */
export function urlProblem(value: string): string | undefined {
  if (value.length > URL_MAX) return M.urlTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return M.urlInvalid;
  }
  if (
    (url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username ||
    url.password
  ) {
    return M.urlInvalid;
  }
}

const url = z.string({ error: M.urlRequired }).trim().min(1, { error: M.urlRequired, abort: true })
  .superRefine((value, ctx) => {
    const problem = urlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const webhookBody = z.object({
  url,
  description: z.string({ error: M.descriptionTooLong }).trim().max(
    DESCRIPTION_MAX,
    M.descriptionTooLong,
  )
    .default(""),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES, { error: M.eventTypes }), { error: M.eventTypes })
    .max(WEBHOOK_EVENT_TYPES.length * 2, M.eventTypes).default([])
    .transform((types) => WEBHOOK_EVENT_TYPES.filter((type) => types.includes(type))),
  isActive: z.boolean({ error: M.isActive }).default(true),
});

export type WebhookInput = z.infer<typeof webhookBody>;
