// A raised alarm reaches the admins (spec 4 §3): by Web Push to every subscription of
// an admin whose pushAlarms includes its severity, on a session still alive, and by
// e-mail to each admin whose emailAlarms does. All written in the transaction that
// raises the alarm (alarms/raise.ts); the outbox sends them.
import type { Queries } from "../db/connect.ts";
import { isAdminSql, liveSessionSql } from "../auth/sessions.ts";
import type { Alarm } from "../alarms/contract.ts";
import { ALARM_TYPE_WORDS, SEVERITY_WORDS } from "../alarms/words.ts";
import { compose } from "../mail/compose.ts";
import { queueMail } from "../mail/queue.ts";
import type { Notices } from "./notices.ts";
import type { PushPayload } from "../push/send.ts";

export type RaisedAlarm = Pick<Alarm, "id" | "type" | "severity" | "deviceName" | "roomName" | "startedAt">;

/** Settings that include an alarm of this severity. */
const including = (severity: Alarm["severity"]) => severity === "critical" ? ["critical", "all"] : ["all"];

export async function queueAlarmNotices(tx: Queries, alarm: RaisedAlarm, notices: Notices) {
  const what = ALARM_TYPE_WORDS[alarm.type];
  const where = alarm.roomName ? `${alarm.deviceName} in ${alarm.roomName}` : alarm.deviceName;
  const path = `/dash/alarms?alarm=${alarm.id}`;
  const payload: PushPayload = { title: what, body: where, url: path, tag: `alarm-${alarm.id}` };
  const settings = including(alarm.severity);
  await tx`
    insert into push_messages (subscription_id, payload, urgency)
    select s.id, ${JSON.stringify(payload)}, ${alarm.severity === "critical" ? "high" : "normal"}
    from push_subscriptions s
      join users u on u.id = s.user_id
      join sessions se on se.token_hash = s.session_token_hash
      left join notification_settings n on n.user_id = u.id
    where ${isAdminSql(tx, tx`u.id`)}
      and ${liveSessionSql(tx, { session: "se", user: "u" }, notices.sessionIdleMinutes)}
      and coalesce(n.push_alarms, 'all') = any(${settings})`;
  const admins = await tx<{ email: string; emailAlarms: string }[]>`
    select u.email, coalesce(n.email_alarms, 'critical') as email_alarms
    from users u left join notification_settings n on n.user_id = u.id
    where u.is_active and ${isAdminSql(tx, tx`u.id`)} and coalesce(n.email_alarms, 'critical') = any(${settings})`;
  const at = alarm.startedAt.toISOString().replace("T", " ").slice(0, 16) + " UTC";
  await queueMail(
    tx,
    notices.mail,
    admins.map(({ email, emailAlarms }) => ({
      to: email,
      ...compose({
        subject: `${what}: ${where}`,
        lines: [
          `${SEVERITY_WORDS[alarm.severity]} alarm: ${what}.`,
          `${where}, since ${at}.`,
          `You get this e-mail for ${emailAlarms === "all" ? "every alarm" : "critical alarms"}; ` +
          "change that in Notifications on the Alarms page.",
        ],
        action: { label: "Open the alarm", url: new URL(path, notices.origin).href },
      }),
    })),
    { urgent: true },
  );
}
