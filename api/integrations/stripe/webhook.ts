// Stripe's webhook: the signature is checked first (HMAC-SHA256 over
// "timestamp.payload" with the endpoint's secret, timestamps older than five
// minutes refused as replays), with the SDK and Web Crypto (Deno has no Node
// crypto for the SDK's synchronous check). Then the identity events update the
// user who holds the session.
import type Stripe from "stripe";
import { z } from "zod";
import { badRequest } from "../../http/errors.ts";
import { cryptoProvider, type StripeIntegration } from "./client.ts";
import type { SessionUpdate } from "./repo.ts";

/** Seconds a signed timestamp stays acceptable (Stripe's default). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const IDENTITY_EVENTS = {
  "identity.verification_session.verified": "verified",
  "identity.verification_session.requires_input": "requires_input",
  "identity.verification_session.canceled": "canceled",
  "identity.verification_session.processing": "processing",
} as const;

/** The event, when the signature is Stripe's (with this endpoint's secret) and fresh. */
export async function verifiedEvent(
  stripe: StripeIntegration,
  payload: string,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!signature) throw badRequest("Missing Stripe-Signature header");
  try {
    return await stripe.sdk.webhooks.constructEventAsync(
      payload,
      signature,
      stripe.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      cryptoProvider,
    );
  } catch {
    // Wrong secret, tampered payload, malformed header or a stale timestamp alike.
    throw badRequest("Invalid Stripe signature");
  }
}

const sessionSchema = z.object({
  id: z.string().min(1),
  object: z.literal("identity.verification_session"),
  url: z.string().nullable().optional(),
  last_error: z.object({
    code: z.string().nullable().optional(),
    reason: z.string().nullable().optional(),
  }).nullable().optional(),
});

/** What an identity event says about its session; undefined for other events. */
export function sessionUpdateOf(event: Stripe.Event): SessionUpdate | undefined {
  const status = IDENTITY_EVENTS[event.type as keyof typeof IDENTITY_EVENTS];
  if (!status) return undefined;
  const parsed = sessionSchema.safeParse(event.data?.object);
  if (!parsed.success) throw badRequest("The event does not carry a verification session");
  const session = parsed.data;
  const lastError = session.last_error ?? null;
  return {
    sessionId: session.id,
    status,
    url: status === "requires_input" ? session.url ?? null : null,
    errorCode: lastError?.code ?? null,
    errorMessage: lastError ? lastError.reason ?? "An error occurred during verification" : null,
    eventAt: new Date((Number(event.created) || 0) * 1000),
  };
}
