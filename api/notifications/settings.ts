// GET/PUT /api/me/notification-settings (spec 4 §3): which alarms reach an admin by
// push and by e-mail (defaults: all by push, critical by e-mail). A member gets no
// alarms (only their visitors' arrivals, always on): they read "none" for both, and
// may not change it (PUT is an admin's, and audited). A PUT takes either setting (the
// other is kept) and honours If-Match with the settings' updatedAt.
import { Hono } from "hono";
import { z } from "zod";
import type { Env } from "../http/env.ts";
import { readBody } from "../http/read_body.ts";
import { transaction } from "../http/transaction.ts";
import { assertVersion } from "../http/versions.ts";
import { allow } from "../auth/access.ts";
import { audit, targetOf } from "../audit/record.ts";
import { changesOf } from "../audit/changes.ts";
import type { Queries } from "../db/connect.ts";
import type { AlarmReach, NotificationSettings } from "./contract.ts";

export const ALARM_REACH = ["critical", "all", "none"] as const satisfies readonly AlarmReach[];

const DEFAULTS: NotificationSettings = { pushAlarms: "all", emailAlarms: "critical", updatedAt: null };
const NONE: NotificationSettings = { pushAlarms: "none", emailAlarms: "none", updatedAt: null };

const reach = (field: string) => z.enum(ALARM_REACH, { error: `${field} must be critical, all or none` }).optional();
const settingsBody = z.object({ pushAlarms: reach("pushAlarms"), emailAlarms: reach("emailAlarms") });

async function settingsOf(sql: Queries, userId: number): Promise<NotificationSettings> {
  const [row] = await sql<NotificationSettings[]>`
    select push_alarms, email_alarms, updated_at from notification_settings where user_id = ${userId}`;
  return row ?? DEFAULTS;
}

export const notificationSettingsRoutes = new Hono<Env>()
  .get("/", allow.signedIn, async (c) => {
    const user = c.var.user!;
    return c.json(user.isAdmin ? await settingsOf(c.var.sql, user.id) : NONE);
  })
  .put("/", allow.admin, async (c) => {
    const user = c.var.user!;
    const input = await readBody(c, settingsBody);
    const saved = await transaction(c.var.sql, async (tx) => {
      const [held] = await tx<NotificationSettings[]>`
        select push_alarms, email_alarms, updated_at from notification_settings where user_id = ${user.id} for update`;
      if (held) assertVersion(c, { updatedAt: held.updatedAt! });
      const base = held ?? DEFAULTS;
      const next = { pushAlarms: input.pushAlarms ?? base.pushAlarms, emailAlarms: input.emailAlarms ?? base.emailAlarms };
      const [row] = await tx<NotificationSettings[]>`
        insert into notification_settings (user_id, push_alarms, email_alarms)
        values (${user.id}, ${next.pushAlarms}, ${next.emailAlarms})
        on conflict (user_id) do update set push_alarms = excluded.push_alarms, email_alarms = excluded.email_alarms,
          updated_at = now()
        returning push_alarms, email_alarms, updated_at`;
      audit(c, {
        action: "user.notification_settings.update",
        target: targetOf("user", { id: user.id, firstName: user.firstName, lastName: user.lastName }),
        changes: changesOf(base, row, ["pushAlarms", "emailAlarms"]),
      });
      return row;
    });
    return c.json(saved);
  });
