// The webhook screens' words (spec 3 §6 names the screen, its buttons and the event
// types; the rest are ours, docs/screens.md) and how a delivery's last answer reads.
import { SUBSCRIBABLE } from "../../../../api/events/contract.ts";
import type { WebhookDelivery } from "./api";

export const WEBHOOK_TEXTS = {
  title: "Webhooks",
  subtitle: "Signed events sent to your other systems as they happen",
  add: "Add Webhook",
  empty: "No webhooks yet. Add one to send events to another system.",
  fetchFailed: "Could not load webhooks",
  url: "URL",
  description: "Description",
  eventTypes: "Event types",
  allEvents: "All events",
  allEventsHint: "None chosen: every event is sent.",
  created: "Webhook added",
  createFailed: "Could not add the webhook",
  secretTitle: "Signing secret",
  secretNote: "Copy this secret now: it is not shown again. Receivers verify each delivery's signature with it.",
  sendTest: "Send test event",
  testSent: "Test event sent",
  rotate: "Rotate secret",
  rotateConfirm: "Rotate the signing secret? Deliveries from now on are signed with the new one.",
  rotated: "Secret rotated",
  deliveries: "Deliveries",
  noDeliveries: "No deliveries yet. Send a test event to try the endpoint.",
  retry: "Retry",
  retried: "Delivery queued again",
  remove: "Delete Webhook",
  removeConfirm: "Delete this webhook? Its deliveries are deleted with it.",
  removed: "Webhook deleted",
  active: "Active",
  notFound: "Webhook not found",
} as const;

export const EVENT_TYPES = SUBSCRIBABLE;

/** The event types an endpoint hears, in words. */
export const eventTypesText = (types: readonly string[]) => (types.length ? types.join(", ") : WEBHOOK_TEXTS.allEvents);

/** A delivery's last answer: the status code, the error, or nothing yet. */
export function lastAnswer(delivery: WebhookDelivery): string {
  const parts = [delivery.lastStatusCode === null ? null : `HTTP ${delivery.lastStatusCode}`, delivery.lastError];
  return parts.filter(Boolean).join(" · ") || "—";
}
