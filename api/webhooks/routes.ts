// Webhook calls of spec 3 §6. Admin only; every change audited (secrets as
// "[redacted]"). The secret is answered by POST and rotate-secret alone.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { readBody } from "../http/read_body.ts";
import { lockForEdit } from "../http/versions.ts";
import { type RowKind, rowOr404 } from "../http/audited_rows.ts";
import type { Deleted } from "../http/contract.ts";
import { transaction } from "../http/transaction.ts";
import { allow } from "../auth/access.ts";
import { audit, targetOf } from "../audit/record.ts";
import { changesOf, REDACTED } from "../audit/changes.ts";
import type { Webhook, WebhookWithSecret } from "./contract.ts";
import { WEBHOOK_MESSAGES, webhookBody } from "./schemas.ts";
import { newSecret } from "./signing.ts";
import { publicAddressProblem } from "./public_address.ts";
import {
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  retryDelivery,
  setSecret,
  testDelivery,
  updateWebhook,
} from "./repo.ts";

const WEBHOOKS: RowKind<Webhook> = {
  table: "webhooks",
  type: "webhook",
  find: findWebhook,
  missing: notFound.webhook,
};

/** A webhook's name in the audit trail: its URL. */
const target = (webhook: Webhook) => ({ ...targetOf("webhook", webhook), name: webhook.url });

/** 400 unless the URL is a public address (or the server allows private ones). */
async function assertPublic(c: Context<Env>, url: string) {
  if (c.var.config.webhookAllowPrivate) return;
  const problem = await publicAddressProblem(url);
  if (problem) throw badRequest(problem);
}

export const webhookRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listWebhooks(c.var.sql)))
  .post("/", allow.admin, async (c) => {
    const input = await readBody(c, webhookBody);
    await assertPublic(c, input.url);
    const secret = newSecret();
    const webhook = await insertWebhook(c.var.sql, input, secret);
    audit(c, {
      action: "webhook.create",
      target: target(webhook),
      changes: changesOf(null, { ...webhook, secret }),
    });
    return c.json({ ...webhook, secret } satisfies WebhookWithSecret, 201);
  })
  .get("/:id", allow.admin, async (c) => c.json(await rowOr404(WEBHOOKS, c.var.sql, idParam(c))))
  .put("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const input = await readBody(c, webhookBody);
    await assertPublic(c, input.url);
    const webhook = await transaction(c.var.sql, async (tx) => {
      const before = await lockForEdit(c, tx, "webhooks", id, findWebhook, notFound.webhook);
      await updateWebhook(tx, id, input);
      const after = await rowOr404(WEBHOOKS, tx, id);
      audit(c, {
        action: "webhook.update",
        target: target(after),
        changes: changesOf(before, after),
      });
      return after;
    });
    return c.json(webhook);
  })
  .delete("/:id", allow.admin, async (c) => {
    const id = idParam(c);
    const webhook = await transaction(c.var.sql, async (tx) => {
      const before = await rowOr404(WEBHOOKS, tx, id);
      if (!(await deleteWebhook(tx, id))) throw notFound.webhook();
      return before;
    });
    audit(c, {
      action: "webhook.delete",
      target: target(webhook),
      changes: changesOf(webhook, null),
    });
    return c.json({ success: true, id } satisfies Deleted);
  })
  .post("/:id/rotate-secret", allow.admin, async (c) => {
    const id = idParam(c);
    const secret = newSecret();
    const webhook = await transaction(c.var.sql, async (tx) => {
      await lockForEdit(c, tx, "webhooks", id, findWebhook, notFound.webhook);
      await setSecret(tx, id, secret);
      return await rowOr404(WEBHOOKS, tx, id);
    });
    audit(c, {
      action: "webhook.secret.rotate",
      target: target(webhook),
      changes: { secret: [REDACTED, REDACTED] },
    });
    return c.json({ ...webhook, secret } satisfies WebhookWithSecret);
  })
  .post("/:id/test", allow.admin, async (c) => {
    const webhook = await rowOr404(WEBHOOKS, c.var.sql, idParam(c));
    if (!webhook.isActive) throw conflict(WEBHOOK_MESSAGES.inactive);
    const deliveryId = await testDelivery(c.var.sql, webhook.id);
    audit(c, { action: "webhook.test", target: target(webhook) });
    return c.json(
      found(await findDelivery(c.var.sql, webhook.id, deliveryId), notFound.delivery),
      201,
    );
  })
  .get("/:id/deliveries", allow.admin, async (c) => {
    const webhook = await rowOr404(WEBHOOKS, c.var.sql, idParam(c));
    return c.json(await listDeliveries(c.var.sql, webhook.id));
  })
  .post("/:id/deliveries/:deliveryId/retry", allow.admin, async (c) => {
    const webhook = await rowOr404(WEBHOOKS, c.var.sql, idParam(c));
    const deliveryId = idParam(c, "deliveryId");
    const delivery = await transaction(c.var.sql, async (tx) => {
      const before = found(await findDelivery(tx, webhook.id, deliveryId), notFound.delivery);
      if (before.status !== "failed") throw conflict(WEBHOOK_MESSAGES.notFailed);
      if (!webhook.isActive) throw conflict(WEBHOOK_MESSAGES.inactive);
      await retryDelivery(tx, deliveryId);
      return found(await findDelivery(tx, webhook.id, deliveryId), notFound.delivery);
    });
    audit(c, {
      action: "webhook.delivery.retry",
      target: target(webhook),
      changes: { deliveryId: [null, delivery.id], status: ["failed", "pending"] },
    });
    return c.json(delivery);
  });
