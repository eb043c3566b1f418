// What writing a notice (an e-mail, a push) needs of the configuration: how e-mail is
// sent, where its links lead, and how long a session lives (a push goes only to a
// subscription whose session is alive). Every e-mail and push the server writes:
// alarms, arrivals, invitations, resets, a guest's pass.
import type { Config } from "../config.ts";
import { linkOrigin, mailSending } from "../mail/mode.ts";
import type { Sending } from "../mail/queue.ts";

export type Notices = { mail: Sending; origin: string; sessionIdleMinutes: number };

export function noticesOf(config: Config): Notices {
  return { mail: mailSending(config), origin: linkOrigin(config), sessionIdleMinutes: config.sessionIdleMinutes };
}
