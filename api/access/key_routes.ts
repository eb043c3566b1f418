// A device's API key, managed by admins from the device page: make or rotate it
// (the answer is the only time the key is ever shown), see whether one is set,
// revoke it. Mounted under /api/devices.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest } from "../http/errors.ts";
import { notFound } from "../http/not_found.ts";
import { idParam } from "../http/validate.ts";
import { allow } from "../auth/access.ts";
import { clearDeviceKey, keyStatus, setDeviceKey } from "./device_keys.ts";
import type { KeyRevoked } from "../devices/contract.ts";
import { findDevice } from "../devices/repo.ts";
import { audit, targetOf } from "../audit/record.ts";
import type { Context } from "hono";
import { found } from "../http/not_found.ts";

/**
 * device.key.create, .rotate or .revoke: the key itself only as "[redacted]", so
 * the record says that it changed, never what it is.
 */
async function auditKey(c: Context<Env>, id: number, verb: "create" | "rotate" | "revoke") {
  const device = found(await findDevice(c.var.sql, id), notFound.device);
  const key = "[redacted]";
  audit(c, {
    action: `device.key.${verb}`,
    target: targetOf("device", device),
    changes: { apiKey: [verb === "create" ? null : key, verb === "revoke" ? null : key] },
  });
}

export const NO_REPLAYED_KEYS =
  "A device key is shown only once: send this request without an Idempotency-Key";

export const deviceKeyRoutes = new Hono<Env>()
  .get("/:id/api-key", allow.admin, async (c) => {
    const status = await keyStatus(c.var.sql, idParam(c));
    if (!status) throw notFound.device();
    return c.json(status);
  })
  .post("/:id/api-key", allow.admin, async (c) => {
    // A replayed answer would have to keep the key, in plain text, with the
    // Idempotency-Key record: a key is made online, with a person watching.
    if (c.req.header("idempotency-key") !== undefined) throw badRequest(NO_REPLAYED_KEYS);
    const id = idParam(c);
    const had = (await keyStatus(c.var.sql, id))?.hasApiKey;
    const made = await setDeviceKey(c.var.sql, id);
    if (!made) throw notFound.device();
    await auditKey(c, id, had ? "rotate" : "create");
    c.header("Cache-Control", "no-store");
    return c.json(made, 201);
  })
  .delete("/:id/api-key", allow.admin, async (c) => {
    const id = idParam(c);
    if (!(await clearDeviceKey(c.var.sql, id))) throw notFound.device();
    await auditKey(c, id, "revoke");
    return c.json({ ...(await keyStatus(c.var.sql, id))!, id } satisfies KeyRevoked);
  });
