// The alarm calls of spec 4 §2. Admin only; acknowledging and resolving are audited.
// Raising and clearing alarms: raise.ts (from the doors' events and the timers).
import { type Context, Hono } from "hono";
import type { Env } from "../http/env.ts";
import { conflict } from "../http/errors.ts";
import { found, notFound } from "../http/not_found.ts";
import { idParam, query } from "../http/validate.ts";
import { transaction } from "../http/transaction.ts";
import { readBody } from "../http/read_body.ts";
import { allow } from "../auth/access.ts";
import { audit, userActor } from "../audit/record.ts";
import { ALARM_MESSAGES, alarmActionBody, alarmQuery } from "./schemas.ts";
import { actOnAlarm, alarmById, alarmCounts, listAlarms } from "./repo.ts";

/** Acknowledges or resolves the alarm of :id, with the admin's note: the alarm, or 404, or 409. */
async function change(c: Context<Env>, act: "acknowledge" | "resolve") {
  const id = idParam(c);
  const { note } = await readBody(c, alarmActionBody);
  const by = userActor(c.var.user!);
  const alarm = await transaction(c.var.sql, (tx) => actOnAlarm(tx, id, act, { type: "user", id: by.id, name: by.name }, note));
  if (alarm === "missing") throw notFound.alarm();
  if (alarm === "resolved" || alarm === "acknowledged") throw conflict(ALARM_MESSAGES[alarm]);
  const when = act === "acknowledge" ? alarm.acknowledgedAt : alarm.resolvedAt;
  audit(c, {
    action: `alarm.${act}`,
    target: { type: "alarm", id: alarm.id, name: `${alarm.type} at ${alarm.deviceName}` },
    changes: { [act === "acknowledge" ? "acknowledgedAt" : "resolvedAt"]: [null, when], ...(note ? { note: [null, note] } : {}) },
  });
  return c.json(alarm);
}

export const alarmRoutes = new Hono<Env>()
  .get("/", allow.admin, async (c) => {
    const { cursor, ...filter } = query(c, alarmQuery);
    return c.json(await listAlarms(c.var.sql, { ...filter, after: cursor }));
  })
  // Before /:id: the badge's figures (an addition to spec 4 §2, docs/api.md).
  .get("/counts", allow.admin, async (c) => c.json(await alarmCounts(c.var.sql)))
  .get("/:id", allow.admin, async (c) => c.json(found(await alarmById(c.var.sql, idParam(c)), notFound.alarm)))
  .post("/:id/acknowledge", allow.admin, (c) => change(c, "acknowledge"))
  .post("/:id/resolve", allow.admin, (c) => change(c, "resolve"));
