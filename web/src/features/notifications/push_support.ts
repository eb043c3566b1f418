// Whether this device can get Web Push (spec 4 §3 "Settings"), and the words of the
// Notifications card, pure: what the browser offers is read elsewhere
// (browser_push.ts) and handed in, so every rule here is tested on plain values.
import type { AlarmReach } from "../../../../api/notifications/contract.ts";
import { ApiError } from "../../api/api_error";

export const NOTIFICATION_TEXTS = {
  title: "Notifications",
  pushSwitch: "Push notifications on this device",
  blocked: "Notifications are blocked in this browser's settings",
  install: "Add Threshold to your Home Screen to get notifications",
  unsupported: "This browser does not support push notifications",
  needConnection: "Notification settings need a connection",
  pushAlarms: "Alarms by push notification",
  emailAlarms: "Alarms by e-mail",
  updated: "Notification settings updated",
  updateFailed: "Failed to update notification settings",
  fetchFailed: "Failed to fetch notification settings",
  turnOnFailed: "Push notifications could not be turned on",
  turnOffFailed: "Push notifications could not be turned off",
} as const;


/** The select's options, in the order the card lists them. */
export const REACH_WORDS: { value: AlarmReach; label: string }[] = [
  { value: "all", label: "All alarms" },
  { value: "critical", label: "Critical only" },
  { value: "none", label: "None" },
];

/**
 * `available`: the switch works. `install`: an iPhone or iPad outside the installed
 * app (Safari gives push only to a Home Screen app). `unsupported`: no Web Push here.
 * `blocked`: the person (or a policy) refused this site notifications.
 */
export type PushSupport = "available" | "install" | "unsupported" | "blocked";

export type PushEnvironment = {
  userAgent: string;
  maxTouchPoints: number;
  /** Running as the installed app: `display-mode: standalone`, or Safari's navigator.standalone. */
  standalone: boolean;
  /** A secure context with service workers, PushManager and Notification. */
  hasPush: boolean;
  /** Notification.permission, or null where there is no Notification. */
  permission: NotificationPermission | null;
};

/** An iPhone, iPod or iPad; iPadOS's Safari says it is a Mac, but a Mac has no touch screen. */
export const isAppleMobile = ({ userAgent, maxTouchPoints }: Pick<PushEnvironment, "userAgent" | "maxTouchPoints">) =>
  /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);

export function pushSupport(env: PushEnvironment): PushSupport {
  // First: in a Safari tab an iPhone has no PushManager at all, and "unsupported" would
  // hide the one thing that helps (installing the app).
  if (isAppleMobile(env) && !env.standalone) return "install";
  if (!env.hasPush) return "unsupported";
  if (env.permission === "denied") return "blocked";
  return "available";
}

/** The line under the switch for a device that cannot use it, or null when it can. */
export function supportText(support: PushSupport): string | null {
  switch (support) {
    case "install":
      return NOTIFICATION_TEXTS.install;
    case "unsupported":
      return NOTIFICATION_TEXTS.unsupported;
    case "blocked":
      return NOTIFICATION_TEXTS.blocked;
    case "available":
      return null;
  }
}

/** The key of spec 4 §3's `GET /api/push/public-key` (base64url, no padding) as bytes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether a subscription was made with the server's current key (a new key makes it useless). */
export function sameKey(subscriptionKey: ArrayBuffer | null, publicKey: string): boolean {
  if (!subscriptionKey) return false;
  const a = new Uint8Array(subscriptionKey);
  const b = base64UrlBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Why turning push on (or off) failed, for the card's alert: the server's sentence, or the browser's. */
export function pushFailure(turningOn: boolean, error: unknown): string {
  return `${turningOn ? NOTIFICATION_TEXTS.turnOnFailed : NOTIFICATION_TEXTS.turnOffFailed}: ${failureReason(error)}`;
}

function failureReason(error: unknown): string {
  if (error instanceof PushTimeoutError) return "the browser's push service did not answer";
  if (error instanceof NoWorkerError) return "the app's offline worker is not running here; reload the page and try again";
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  // fetch's own failures: no answer at all, or none in time (the call's timeout).
  if (error instanceof TypeError) return "the server could not be reached";
  if (error instanceof Error && error.name === "TimeoutError") return "the server did not answer";
  // The browser's push service refused (AbortError, NotAllowedError, InvalidStateError…):
  // its own words help whoever looks into it, e.g. Chromium's "Registration failed - …".
  const message = error instanceof Error && error.message ? error.message : String(error);
  return `the browser refused (${message})`;
}

/** The browser's push service kept subscribe() waiting (Chromium with no route to its push service hangs). */
export class PushTimeoutError extends Error {
  override readonly name = "PushTimeoutError";
}

/** No service worker took over this page (blocked, or the first install did not finish). */
export class NoWorkerError extends Error {
  override readonly name = "NoWorkerError";
}
