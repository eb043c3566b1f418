// Standard Webhooks signing (spec 3 §6; https://www.standardwebhooks.com): a secret
// is `whsec_` and the base64 of 24 random bytes; a delivery's `webhook-signature` is
// `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed with the secret's
// decoded bytes. Byte for byte what the `standardwebhooks` package signs and
// verifies (signing_test.ts checks with it).
import { Buffer } from "node:buffer";

const PREFIX = "whsec_";

export function newSecret(): string {
  return PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64");
}

/** The webhook-signature header of a message. */
export async function signature(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    Buffer.from(secret.slice(PREFIX.length), "base64"),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(`${id}.${timestamp}.${body}`),
  );
  return `v1,${Buffer.from(mac).toString("base64")}`;
}

/** The three headers of one attempt: the message id, the attempt's time (seconds), its signature. */
export async function signedHeaders(secret: string, id: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": await signature(secret, id, timestamp, body),
  };
}
