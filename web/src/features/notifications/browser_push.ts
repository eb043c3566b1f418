// Web Push in this browser (spec 4 §3): what it offers, this device's subscription,
// and turning it on and off with the server. The only file of the card that touches
// navigator.serviceWorker, PushManager and Notification.
import { call } from "../../api/client";
import { base64UrlBytes, NoWorkerError, type PushEnvironment, PushTimeoutError, sameKey } from "./push_support";

/** A first visit may still be installing the service worker; longer than this, it is not coming. */
const WORKER_WAIT_MS = 10_000;
/**
 * Chromium with no way to its push service (no network, or none configured) leaves
 * subscribe() waiting for minutes; the person is told instead.
 */
const SUBSCRIBE_WAIT_MS = 20_000;
const CALL_TIMEOUT_MS = 10_000;

export function pushEnvironment(): PushEnvironment {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true,
    hasPush: isSecureContext && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window,
    permission: "Notification" in window ? Notification.permission : null,
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(onTimeout()), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const registration = () =>
  withTimeout(navigator.serviceWorker.ready, WORKER_WAIT_MS, () => new NoWorkerError("No service worker controls this page"));

/**
 * This device's subscription, or null. One made with another key than the server's
 * (`publicKey`, when known) can never be sent to: it is dropped.
 */
export async function currentSubscription(publicKey: string | undefined): Promise<PushSubscription | null> {
  const subscription = (await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription()) ?? null;
  if (subscription && publicKey && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    return null;
  }
  return subscription;
}

/** Hands the subscription to the server, under this session (the same endpoint again replaces it). */
export function sendSubscription(subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  return call<{ id: number }>("POST", "/api/push/subscriptions", {
    body: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } },
    timeoutMs: CALL_TIMEOUT_MS,
  });
}

/**
 * Asks the permission (when not given yet), subscribes with the server's key and
 * tells the server. Answers the permission: only "granted" subscribed. Throws when
 * the browser or the server refused, leaving no subscription behind.
 */
export async function turnOn(publicKey: string): Promise<NotificationPermission> {
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return permission;
  const { pushManager } = await registration();
  const subscribing = pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
  const subscription = await withTimeout(subscribing, SUBSCRIBE_WAIT_MS, () => {
    // Given up on: should it come after all, it is dropped rather than left unknown to the server.
    void subscribing.then((late) => late.unsubscribe(), () => undefined);
    return new PushTimeoutError("subscribe() did not finish");
  });
  try {
    await sendSubscription(subscription);
  } catch (error) {
    // Off again, so the switch says what is true: nothing would reach this device.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return permission;
}

/** Unsubscribes this device and tells the server. */
export async function turnOff(): Promise<void> {
  const subscription = await currentSubscription(undefined);
  if (!subscription) return;
  await subscription.unsubscribe();
  // Should the server not hear of it, the push service answers its next message for
  // this endpoint with 410, and the server deletes the subscription then (spec 4 §3).
  await call("DELETE", "/api/push/subscriptions", { body: { endpoint: subscription.endpoint }, timeoutMs: CALL_TIMEOUT_MS })
    .catch(() => undefined);
}
