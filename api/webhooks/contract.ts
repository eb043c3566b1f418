// What the webhook calls answer and take (spec 3 §6): the one definition the
// server's SQL and the web's screens both use. Zod and schema files only.
import type { z } from "zod";
import type { Subscribable } from "../events/contract.ts";
import type { webhookBody } from "./schemas.ts";
import type { EventType } from "../events/contract.ts";

export type Webhook = {
  id: number;
  url: string;
  description: string;
  /** Empty: every event type. */
  eventTypes: Subscribable[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** POST /api/webhooks and …/rotate-secret: the signing secret, this once. */
export type WebhookWithSecret = Webhook & { secret: string };

export type WebhookDelivery = {
  id: number;
  eventType: EventType;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** Null once delivered or failed. */
  nextAttemptAt: Date | null;
  createdAt: Date;
};

/** POST /api/webhooks, PUT /api/webhooks/{id}. */
export type WebhookRequest = z.input<typeof webhookBody>;
