// Stripe Identity through the official `stripe` SDK, one per app (integrations.ts).
// STRIPE_SECRET_KEY set: the real Stripe (or STRIPE_API_BASE, e.g. stripe-mock).
// Unset: the SDK is pointed at the simulator through its host/port/protocol
// options, and its fetch-based HTTP client is handed an in-process fetch, so the
// SDK's own requests (form-encoded, Bearer key, Stripe-Version) are answered by
// simulator.ts without a socket.
import Stripe from "stripe";
import type { Config } from "../../config.ts";
import { ApiError } from "../../http/errors.ts";
import {
  createStripeSimulator,
  STRIPE_SIMULATOR_KEY,
  STRIPE_SIMULATOR_WEBHOOK_SECRET,
  type StripeSimulator,
} from "./simulator.ts";

/** The host the SDK is given for the in-process simulator (never resolved). */
const STRIPE_SIMULATOR_HOST = "stripe.simulator";

export type StripeIntegration = {
  sdk: Stripe;
  /** The in-process simulator, while STRIPE_SECRET_KEY is unset; null with the real Stripe. */
  simulator: StripeSimulator | null;
  /** The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or the simulator's own. */
  webhookSecret: string;
};

/** Tests may hand in their own simulator, or a shorter deadline. */
export type StripeOptions = { simulator?: StripeSimulator; timeoutMs?: number };

export function createStripe(config: Config, options: StripeOptions = {}): StripeIntegration {
  const common = {
    timeout: options.timeoutMs ?? 10_000,
    // One attempt: the person sees the failure at once and can press again.
    maxNetworkRetries: 0,
    telemetry: false,
    appInfo: { name: "Threshold" },
  };
  const webhookSecret = config.stripeWebhookSecret ?? STRIPE_SIMULATOR_WEBHOOK_SECRET;
  if (!config.stripeSecretKey) {
    const simulator = options.simulator ?? createStripeSimulator();
    const sdk = new Stripe(STRIPE_SIMULATOR_KEY, {
      ...common,
      host: STRIPE_SIMULATOR_HOST,
      port: 80,
      protocol: "http",
      httpClient: Stripe.createFetchHttpClient(simulator.fetch as typeof fetch),
    });
    return { sdk, simulator, webhookSecret };
  }
  const base = new URL(config.stripeApiBase ?? "https://api.stripe.com");
  const protocol = base.protocol === "http:" ? "http" : "https";
  const sdk = new Stripe(config.stripeSecretKey, {
    ...common,
    host: base.hostname,
    port: Number(base.port || (protocol === "http" ? 80 : 443)),
    protocol,
    httpClient: Stripe.createFetchHttpClient(),
  });
  return { sdk, simulator: null, webhookSecret };
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * A failed Stripe call as the API answers it: 504 when Stripe did not answer in
 * time, otherwise 502 with what went wrong (Stripe's own message for its errors).
 */
export function stripeFailure(error: unknown): ApiError {
  if (error instanceof Stripe.errors.StripeError) {
    if (error.type === "StripeConnectionError") {
      return /timeout/i.test(error.message)
        ? new ApiError("gateway_timeout", "Stripe did not answer in time. Please try again.")
        : new ApiError("bad_gateway", "Stripe is unreachable. Please try again later.");
    }
    if (error.type === "StripeAuthenticationError") {
      return new ApiError("bad_gateway", "Stripe refused the configured API key");
    }
    if (/Invalid JSON/i.test(error.message)) {
      return new ApiError("bad_gateway", "Stripe sent an unreadable answer");
    }
    return new ApiError("bad_gateway", `Stripe could not start the verification: ${error.message}`);
  }
  if (error instanceof MalformedAnswer) return new ApiError("bad_gateway", error.message);
  throw error;
}

/** An answer that parsed but is not what the SDK call promises. */
export class MalformedAnswer extends Error {
  constructor(message = "Stripe sent an answer of an unexpected shape") {
    super(message);
  }
}
