// SQL of webhooks (spec 3 §6): endpoints (the secret is written, never read back
// here), their deliveries, a test event and a retry. Sending is the outbox's
// (outbox/outbox.ts, with channel.ts).
import type { Queries } from "../db/connect.ts";
import { firstRow } from "../db/rows.ts";
import type { Webhook, WebhookDelivery } from "./contract.ts";
import type { WebhookInput } from "./schemas.ts";

const COLUMNS = "id, url, description, event_types, is_active, created_at, updated_at";
/** A page of an endpoint's deliveries, newest first (the spec pages nothing: docs/api.md). */
export const DELIVERIES_SHOWN = 100;

export const listWebhooks = (sql: Queries) =>
  sql<Webhook[]>`select ${sql.unsafe(COLUMNS)} from webhooks order by id`;

export const findWebhook = (sql: Queries, id: number) =>
  firstRow(sql<Webhook[]>`select ${sql.unsafe(COLUMNS)} from webhooks where id = ${id}`);

export const insertWebhook = async (sql: Queries, input: WebhookInput, secret: string) =>
  (await sql<Webhook[]>`
    insert into webhooks (url, description, event_types, is_active, secret)
    values (${input.url}, ${input.description}, ${input.eventTypes}, ${input.isActive}, ${secret})
    returning ${sql.unsafe(COLUMNS)}`)[0];

export const updateWebhook = (sql: Queries, id: number, input: WebhookInput) =>
  sql`update webhooks set url = ${input.url}, description = ${input.description},
    event_types = ${input.eventTypes}, is_active = ${input.isActive}, updated_at = now()
    where id = ${id}`;

export const setSecret = (sql: Queries, id: number, secret: string) =>
  sql`update webhooks set secret = ${secret}, updated_at = now() where id = ${id}`;

export async function deleteWebhook(sql: Queries, id: number) {
  return (await sql`delete from webhooks where id = ${id} returning id`).length > 0;
}

type DeliveryRow = Omit<WebhookDelivery, "id"> & { id: string };
const delivery = (row: DeliveryRow): WebhookDelivery => ({ ...row, id: Number(row.id) });
const DELIVERY_COLUMNS =
  `d.id, e.type as event_type, d.status, d.attempts, d.last_status_code, d.last_error,
  d.next_attempt_at, d.created_at`;

export const listDeliveries = async (sql: Queries, webhookId: number) =>
  (await sql<DeliveryRow[]>`
    select ${
    sql.unsafe(DELIVERY_COLUMNS)
  } from webhook_deliveries d join events e on e.id = d.event_id
    where d.webhook_id = ${webhookId} order by d.id desc limit ${DELIVERIES_SHOWN}`).map(delivery);

/** The endpoint's delivery, locked for the rest of the transaction. */
export const findDelivery = async (sql: Queries, webhookId: number, id: number) => {
  const row = await firstRow(sql<DeliveryRow[]>`
    select ${
    sql.unsafe(DELIVERY_COLUMNS)
  } from webhook_deliveries d join events e on e.id = d.event_id
    where d.webhook_id = ${webhookId} and d.id = ${id} for update of d`);
  return row && delivery(row);
};

/** A failed delivery due again now, as if new: its attempts count again from the first. */
export const retryDelivery = (sql: Queries, id: number) =>
  sql`update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now()
    where id = ${id}`;

/** A webhook.test event and its one delivery, to this endpoint alone. */
export async function testDelivery(sql: Queries, webhookId: number): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    with event as (insert into events (type, subject_id) values ('webhook.test', ${webhookId}) returning id)
    insert into webhook_deliveries (webhook_id, event_id) select ${webhookId}, id from event returning id`;
  return Number(row.id);
}
