// Lockdown calls of spec 3 §2. Admin only. A lockdown takes effect in the
// transaction that records it: the next decision at a covered door is denied.
import { Hono } from "hono";
import type { Env } from "../http/env.ts";
import { badRequest, conflict } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam, query } from "../http/validate.ts";
import { transaction } from "../http/transaction.ts";
import { readBody } from "../http/read_body.ts";
import { allow } from "../auth/access.ts";
import { audit, userActor } from "../audit/record.ts";
import type { Lockdown } from "./contract.ts";
import { lockdownBody, lockdownQuery } from "./schemas.ts";
import { LOCKDOWN_MESSAGES } from "./messages.ts";
import { endLockdown, findLockdown, listLockdowns, startLockdown, unknownRooms } from "./repo.ts";

const target = (lockdown: Lockdown) => ({ type: "lockdown", id: lockdown.id, name: lockdown.reason });

export const lockdownRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => c.json(await listLockdowns(c.var.sql, query(c, lockdownQuery).active)))
  .post("/", allow.admin, async (c) => {
    const input = await readBody(c, lockdownBody);
    const by = userActor(c.var.user!);
    const lockdown = await transaction(c.var.sql, async (tx) => {
      if ((await unknownRooms(tx, input.roomIds)).length) throw badRequest(notFound.room().message);
      return await startLockdown(tx, input, { id: by.id!, name: by.name });
    });
    audit(c, {
      action: "lockdown.start",
      target: target(lockdown),
      changes: { scope: [null, lockdown.scope], roomIds: [null, lockdown.roomIds], reason: [null, lockdown.reason] },
    });
    return c.json(lockdown, 201);
  })
  .post("/:id/end", allow.admin, async (c) => {
    const id = idParam(c);
    const by = userActor(c.var.user!);
    const lockdown = await transaction(c.var.sql, async (tx) => {
      const before = found(await findLockdown(tx, id, true), notFound.lockdown);
      if (before.endedAt) throw conflict(LOCKDOWN_MESSAGES.ended);
      return await endLockdown(tx, id, { id: by.id!, name: by.name });
    });
    audit(c, { action: "lockdown.end", target: target(lockdown), changes: { endedAt: [null, lockdown.endedAt] } });
    return c.json(lockdown);
  });
