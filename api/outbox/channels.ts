// The outbox's channels as the configuration makes them (main.ts, worker.ts): webhooks
// always, e-mail unless it is off, Web Push always.
import type { Config } from "../config.ts";
import { mailChannel } from "../mail/channel.ts";
import { mailFrom, mailMode } from "../mail/mode.ts";
import { pushChannel } from "../push/channel.ts";
import { webhookChannel } from "../webhooks/channel.ts";
import type { AnyChannel } from "./channel.ts";

/** What the channels need of the configuration; plain data, so it crosses to a thread. */
export type OutboxSettings = {
  webhookAllowPrivate: boolean;
  smtpUrl: string | null;
  mail: "smtp" | "simulator" | "off";
  /** The VAPID subject (push/send.ts). */
  pushSubject: string;
};

export function outboxSettings(config: Config): OutboxSettings {
  const from = mailFrom(config);
  return {
    webhookAllowPrivate: config.webhookAllowPrivate,
    smtpUrl: config.smtpUrl ?? null,
    mail: mailMode(config),
    pushSubject: config.publicOrigin?.startsWith("https:")
      ? config.publicOrigin
      : `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`,
  };
}

/** The channels, and how to let go of what they hold (the mail server's connections). */
export function outboxChannels(settings: OutboxSettings): { channels: AnyChannel[]; close: () => void } {
  const mail = settings.mail === "smtp"
    ? mailChannel({ mode: "smtp", smtpUrl: settings.smtpUrl! })
    : settings.mail === "simulator"
    ? mailChannel({ mode: "simulator" })
    : null;
  const channels = [
    webhookChannel({ allowPrivate: settings.webhookAllowPrivate }),
    pushChannel({ subject: settings.pushSubject }),
    ...(mail ? [mail] : []),
  ];
  return { channels, close: () => mail?.close() };
}
