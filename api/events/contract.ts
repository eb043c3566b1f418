// What the event log says (spec 3 §6): the event types webhooks subscribe to and the
// live stream carries, and the shape of one event. Types and constants only, no zod: the web reads it.
import type { LogEntry } from "../logs/contract.ts";
import type { AuditEvent } from "../audit/contract.ts";
import type { Lockdown } from "../lockdowns/contract.ts";
import type { Alarm } from "../alarms/contract.ts";
import type { DoorEntry } from "../doors/contract.ts";
import type { Visit } from "../visits/contract.ts";

export const EVENT_TYPES = [
  "access.granted",
  "access.denied",
  "lockdown.started",
  "lockdown.ended",
  "door.unlocked_remotely",
  "alarm.raised",
  "alarm.acknowledged",
  "alarm.resolved",
  "visit.arrived",
  "admin.change",
  "door.changed",
  "webhook.test",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * What a webhook may subscribe to: every type but the test, which goes to one endpoint
 * when asked, and door.changed, the dashboards' own. Here rather than beside the webhook
 * body's checks, so that the members' page reads it without loading zod.
 */
export const SUBSCRIBABLE = EVENT_TYPES.filter((type) => type !== "webhook.test" && type !== "door.changed") as Exclude<
  EventType,
  "webhook.test" | "door.changed"
>[];

export type Subscribable = (typeof SUBSCRIBABLE)[number];

/**
 * What a webhook's eventTypes may list (spec 3 §6): every subscribable type, and
 * webhook.test. Listing webhook.test changes nothing: only `Send test event` sends
 * one, to the one endpoint it was asked for, whatever that endpoint lists.
 */
export const WEBHOOK_EVENT_TYPES = [...SUBSCRIBABLE, "webhook.test"] as const;

/** What the dashboards' live stream carries: every subscribable type, and door.changed (the Doors board's). */
export const LIVE_TYPES = [...SUBSCRIBABLE, "door.changed"] as const;

/** door.unlocked_remotely: a door acknowledged an unlock command with "unlocked". */
export type RemoteUnlock = {
  commandId: number;
  deviceId: number;
  deviceName: string | null;
  roomId: number | null;
  roomName: string | null;
  userId: number | null;
  userName: string;
  unlockedAt: Date;
};

/** webhook.test: POST /api/webhooks/{id}/test. */
export type WebhookTest = { webhookId: number; message: string };

/** What each event type says: the row it is about, as the API shows that row elsewhere. */
export type EventData = {
  "access.granted": LogEntry;
  "access.denied": LogEntry;
  "lockdown.started": Lockdown;
  "lockdown.ended": Lockdown;
  "door.unlocked_remotely": RemoteUnlock;
  "alarm.raised": Alarm;
  "alarm.acknowledged": Alarm;
  "alarm.resolved": Alarm;
  /** A guest's first entry (spec 4 §5): the visit, its arrivedAt set. */
  "visit.arrived": Omit<Visit, "pin">;
  "admin.change": AuditEvent;
  /** One door's entry as GET /api/doors shows it now. */
  "door.changed": DoorEntry;
  "webhook.test": WebhookTest;
};

/** One event: a webhook's body is { type, timestamp, data }; the live stream's id is `id`. */
export type Event<T extends EventType = EventType> = {
  id: number;
  type: T;
  timestamp: Date;
  data: EventData[T];
};
