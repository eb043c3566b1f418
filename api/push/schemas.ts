// What the push subscription calls take (spec 4 §3): a browser's PushSubscription as
// its toJSON() gives it. The keys are checked for what they must be (a P-256 point,
// a 16-byte secret), so one that cannot be encrypted to is refused now, not at the
// first alarm.
import { z } from "zod";

export const PUSH_MESSAGES = {
  endpoint: "Push endpoint must be a public https URL",
  keys: "Push keys must be the browser's p256dh and auth keys",
} as const;

const base64url = /^[A-Za-z0-9_-]+$/;
/** The decoded length of a base64url text without padding. */
const decodedLength = (text: string) => Math.floor((text.length * 3) / 4);

/** A base64url key of `bytes` bytes. */
const key = (bytes: number) =>
  z.string({ error: PUSH_MESSAGES.keys }).max(200, PUSH_MESSAGES.keys).regex(base64url, PUSH_MESSAGES.keys)
    .refine((text) => decodedLength(text) === bytes, PUSH_MESSAGES.keys);

const endpoint = z.string({ error: PUSH_MESSAGES.endpoint }).max(2_000, PUSH_MESSAGES.endpoint).refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
  } catch {
    return false;
  }
}, PUSH_MESSAGES.endpoint);

export const subscriptionBody = z.object({
  endpoint,
  keys: z.object({
    // An uncompressed P-256 point: 65 bytes.
    p256dh: key(65),
    // The authentication secret: 16 bytes.
    auth: key(16),
  }, { error: PUSH_MESSAGES.keys }),
});

export const unsubscribeBody = z.object({ endpoint });
