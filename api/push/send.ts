// Sending one Web Push message (spec 4 §3): RFC 8030 with the body encrypted for the
// browser (`aes128gcm`, RFC 8291) and the server identified by VAPID (RFC 8292).
// web-push builds the request (encryption and the signed JWT); the platform's fetch
// sends it, because web-push's own sendNotification always speaks https (a local push
// service in tests speaks http) and cannot refuse redirects.
import webpush from "web-push";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushPayload = { title: string; body: string; url: string; tag: string };
export type PushOptions = {
  urgency: "high" | "normal";
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  timeoutMs: number;
};
/** What the push service answered, or why it could not answer (then `statusCode` is null). */
export type PushResult = { statusCode: number | null; error: string | null };

/** A notification about an alarm an hour old is no longer worth waking a phone for. */
export const PUSH_TTL_SECONDS = 3600;

/** What web-push's generateRequestDetails gives (the package ships no types). */
type RequestDetails = {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Uint8Array<ArrayBuffer>;
};

/**
 * Sends `payload` (as JSON) to one subscription. Never throws: the caller decides from
 * the result (2xx sent; 404 or 410 the subscription is gone; anything else, or a null
 * status, try again later).
 *
 * `subject` is the VAPID `sub` claim, how a push service's operator can reach ours: a
 * `mailto:` URL (`mailto:` + MAIL_FROM's bare address) or an https URL (PUBLIC_ORIGIN).
 * web-push refuses anything else, and so do the push services.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  options: PushOptions,
): Promise<PushResult> {
  let details: RequestDetails;
  let authorization: string;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      { TTL: PUSH_TTL_SECONDS, urgency: options.urgency, contentEncoding: "aes128gcm" },
    );
    authorization = vapidAuthorization(new URL(target.endpoint).origin, options);
  } catch (error) {
    // Keys or a subject web-push cannot use: nothing was sent.
    return failure(error);
  }
  // fetch sets Content-Length from the body itself.
  const { "Content-Length": _length, ...headers }: Record<string, string | number> = {
    ...details.headers,
    Authorization: authorization,
  };
  try {
    const response = await fetch(details.endpoint, {
      method: "POST",
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, String(value)]),
      ),
      body: details.body,
      // A push service never redirects; following one would send our request to
      // wherever a subscription's endpoint points it.
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // Only the status matters; reading nothing frees the connection.
    await response.body?.cancel();
    return { statusCode: response.status, error: null };
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      return { statusCode: null, error: `No answer within ${options.timeoutMs / 1000} seconds` };
    }
    return failure(error);
  }
}

/** A VAPID token lives this long (RFC 8292 allows 24 h) and is made again an hour before it ends. */
const TOKEN_SECONDS = 12 * 3600;
const RENEW_SECONDS = 3600;
const tokens = new Map<string, { header: string; expiresAt: number }>();

/**
 * The VAPID Authorization header for a push service (its origin is the token's
 * audience), signed once and reused until an hour before it expires: signing (ES256)
 * took more than half of each message's CPU, and a burst of alarms goes to few push
 * services. A cache of a pure result, per process; nothing is coordinated through it.
 */
function vapidAuthorization(audience: string, { vapid, subject }: PushOptions): string {
  const key = `${audience} ${subject} ${vapid.publicKey} ${vapid.privateKey}`;
  const now = Math.floor(Date.now() / 1000);
  const held = tokens.get(key);
  if (held && held.expiresAt - RENEW_SECONDS > now) return held.header;
  const expiresAt = now + TOKEN_SECONDS;
  const { Authorization: header } = webpush.getVapidHeaders(
    audience,
    subject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    expiresAt,
  ) as { Authorization: string };
  tokens.set(key, { header, expiresAt });
  return header;
}

/**
 * A failure short enough to keep beside the message (the outbox stores it). fetch says
 * only "fetch failed"; the reason (refused, DNS, TLS) is in its cause.
 */
function failure(error: unknown): PushResult {
  const messages = [];
  for (let at = error; at !== undefined; at = at instanceof Error ? at.cause : undefined) {
    messages.push(at instanceof Error ? at.message : String(at));
  }
  return { statusCode: null, error: messages.join(": ").slice(0, 500) };
}
