// How e-mail leaves this server (spec 4 §3): over SMTP when SMTP_URL is set; into the
// demo mailbox (/sim/mail) in demo mode without it; otherwise not at all ("off":
// messages are kept as unsent, and the start log says so once).
import type { Config } from "../config.ts";
import type { Sending } from "./queue.ts";

export type MailMode = "smtp" | "simulator" | "off";

export function mailMode(config: Pick<Config, "smtpUrl" | "demo">): MailMode {
  return config.smtpUrl ? "smtp" : config.demo ? "simulator" : "off";
}

/**
 * The sender: MAIL_FROM, or Threshold at no-reply@ the public origin's host (else the
 * request's, else this machine's name as the server knows it).
 */
export function mailFrom(config: Pick<Config, "mailFrom" | "publicOrigin">, host?: string): string {
  if (config.mailFrom) return config.mailFrom;
  const domain = config.publicOrigin ? new URL(config.publicOrigin).hostname : host?.replace(/:\d+$/, "") ?? "localhost";
  return `Threshold <no-reply@${domain}>`;
}

/**
 * Where an e-mail's links point: PUBLIC_ORIGIN, else this server's own address (right
 * for a demo on this machine). Never the request's Host: whoever sends the request
 * chooses that, and a reset link must not lead to a site of theirs.
 */
export function linkOrigin(config: Pick<Config, "publicOrigin" | "port">): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

/** How this server's messages are written: sent or kept unsent, and from whom. */
export function mailSending(config: Pick<Config, "smtpUrl" | "demo" | "mailFrom" | "publicOrigin">): Sending {
  return { on: mailMode(config) !== "off", from: mailFrom(config) };
}
