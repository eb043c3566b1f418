// A Web Push service for tests: a real HTTP server on a loopback port that hands out
// subscriptions the way a browser's push service does, and takes messages only as a
// real one would: VAPID-signed (RFC 8292) and encrypted for the subscription
// (RFC 8291, `aes128gcm`). It decrypts each message with the subscription's private
// key, so a test sees exactly what a browser would show. Only WebCrypto does the
// cryptography: nothing from the sending side checks its own work.

/** A message that passed every check, as the browser would get it, and the answer it got. */
export type PushMessage = {
  endpoint: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  payload: unknown;
  /** What the service answered (201 unless told otherwise by respondWith). */
  status: number;
  /** performance.now() when it arrived. */
  at: number;
};

/** A message the service refused, and why. */
export type RefusedPush = { endpoint: string; status: number; reason: string };

/** A subscription as a browser's PushSubscription.toJSON() gives it. */
export type PushSubscriptionJSON = { endpoint: string; keys: { p256dh: string; auth: string } };

type Bytes = Uint8Array<ArrayBuffer>;

type Subscription = {
  privateKey: CryptoKey;
  publicKey: Bytes;
  auth: Bytes;
  /** The VAPID key the subscription is restricted to (RFC 8292 §4), if any. */
  applicationServerKey: string | null;
  answer: number | "never";
};

/** The longest a VAPID token may live (RFC 8292 §2). */
const MAX_TOKEN_SECONDS = 24 * 3600;

const encoder = new TextEncoder();
const fromBase64url = (text: string) => Uint8Array.fromBase64(text, { alphabet: "base64url" });
const toBase64url = (bytes: Uint8Array) =>
  bytes.toBase64({ alphabet: "base64url", omitPadding: true });

/** Why a message is refused, with the status a push service answers. */
class Refusal extends Error {
  constructor(readonly status: number, reason: string) {
    super(reason);
  }
}

export function startPushService() {
  const subscriptions = new Map<string, Subscription>();
  const received: PushMessage[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  // Handlers told never to answer wait on this; close() lets them go.
  const closing = Promise.withResolvers<void>();

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const endpoint = request.url;
      const subscription = subscriptions.get(endpoint);
      if (request.method !== "POST" || !subscription) return new Response(null, { status: 404 });
      try {
        await checkVapid(request.headers, endpoint, subscription.applicationServerKey);
        const ttl = Number(request.headers.get("TTL"));
        if (!request.headers.has("TTL") || !Number.isInteger(ttl) || ttl < 0) {
          throw new Refusal(400, "TTL header missing or not a whole number of seconds");
        }
        if (request.headers.get("Content-Encoding") !== "aes128gcm") {
          throw new Refusal(400, "Content-Encoding is not aes128gcm");
        }
        const body = new Uint8Array(await request.arrayBuffer());
        const payload = parseJson(await decrypt(body, subscription));
        if (subscription.answer === "never") {
          await closing.promise;
          return new Response(null, { status: 503 });
        }
        received.push({
          endpoint,
          ttl,
          urgency: request.headers.get("Urgency") ?? "normal",
          topic: request.headers.get("Topic"),
          payload,
          status: subscription.answer,
          at: performance.now(),
        });
        for (const wake of waiters) wake();
        return new Response(null, { status: subscription.answer });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        refused.push({ endpoint, status: error.status, reason: error.message });
        return new Response(error.message, { status: error.status });
      }
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}`;

  return {
    url,
    received,
    refused,
    /**
     * A new subscription, as a browser makes one: its own P-256 key pair and 16-byte
     * auth secret. With `applicationServerKey` (a VAPID public key, base64url) the
     * service takes messages only signed with that key, as browsers ask it to.
     */
    async subscribe(
      options: { applicationServerKey?: string } = {},
    ): Promise<PushSubscriptionJSON> {
      const keys = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, false, [
        "deriveBits",
      ]);
      const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const endpoint = `${url}/push/${crypto.randomUUID()}`;
      subscriptions.set(endpoint, {
        privateKey: keys.privateKey,
        publicKey,
        auth,
        applicationServerKey: options.applicationServerKey ?? null,
        answer: 201,
      });
      return { endpoint, keys: { p256dh: toBase64url(publicKey), auth: toBase64url(auth) } };
    },
    /**
     * How the service answers messages to `endpoint` from now on: a status (410 or 404
     * when the browser has unsubscribed, 500 when the service is failing), or never.
     * Messages are still checked first: a bad one is refused whatever this says.
     */
    respondWith(endpoint: string, answer: number | "never") {
      const subscription = subscriptions.get(endpoint);
      if (!subscription) throw new Error(`No subscription ${endpoint}`);
      subscription.answer = answer;
    },
    /** Resolves once `count` messages have been taken; rejects after `timeoutMs`. */
    waitFor(count: number, timeoutMs = 5000): Promise<PushMessage[]> {
      const { promise, resolve, reject } = Promise.withResolvers<PushMessage[]>();
      const check = () => {
        if (received.length < count) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(received);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `Expected ${count} push messages within ${timeoutMs} ms, got ${received.length}`,
          ),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
      return promise;
    },
    async close() {
      closing.resolve();
      await server.shutdown();
    },
  };
}

export type PushService = ReturnType<typeof startPushService>;

/**
 * RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed with ES256
 * by that key, for this push service's origin, valid now and for at most 24 hours, with
 * a contact (`mailto:` or `https:`). Missing: 401; wrong: 403 (RFC 8292 §4.2).
 */
async function checkVapid(headers: Headers, endpoint: string, applicationServerKey: string | null) {
  const authorization = headers.get("Authorization") ?? "";
  const [scheme, ...rest] = authorization.split(" ");
  if (scheme.toLowerCase() !== "vapid") throw new Refusal(401, "No VAPID Authorization header");
  const params = new Map(
    rest.join(" ").split(",").map((param) => {
      const at = param.indexOf("=");
      return [param.slice(0, at).trim(), param.slice(at + 1).trim()] as const;
    }),
  );
  const token = params.get("t");
  const key = params.get("k");
  if (!token || !key) throw new Refusal(401, "VAPID Authorization lacks t or k");
  if (applicationServerKey !== null && key !== applicationServerKey) {
    throw new Refusal(403, "VAPID key is not the one the subscription was made with");
  }
  const [header, claims, signature] = token.split(".");
  let verified = false;
  let parsed: { alg?: unknown; aud?: unknown; exp?: unknown; sub?: unknown } = {};
  try {
    if (JSON.parse(new TextDecoder().decode(fromBase64url(header))).alg !== "ES256") {
      throw new Refusal(403, "VAPID token is not ES256");
    }
    const publicKey = await crypto.subtle.importKey(
      "raw",
      fromBase64url(key),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    // A JWS ES256 signature is r || s, the form WebCrypto verifies.
    verified = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      publicKey,
      fromBase64url(signature),
      encoder.encode(`${header}.${claims}`),
    );
    parsed = JSON.parse(new TextDecoder().decode(fromBase64url(claims)));
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(403, `VAPID token or key is malformed: ${error}`);
  }
  if (!verified) throw new Refusal(403, "VAPID signature does not verify with k");
  const now = Date.now() / 1000;
  if (parsed.aud !== new URL(endpoint).origin) {
    throw new Refusal(403, "VAPID aud is not the push service's origin");
  }
  if (typeof parsed.exp !== "number" || parsed.exp <= now) {
    throw new Refusal(403, "VAPID token has expired");
  }
  if (parsed.exp > now + MAX_TOKEN_SECONDS) {
    throw new Refusal(403, "VAPID token lives longer than 24 hours");
  }
  if (typeof parsed.sub !== "string" || !/^(mailto:|https:)/.test(parsed.sub)) {
    throw new Refusal(403, "VAPID sub is not a mailto: or https: URL");
  }
}

/**
 * RFC 8291 §3.4 over RFC 8188: the body is salt(16) | rs(4) | idlen(1) | keyid (the
 * sender's one-time public key) | one record. Keys come from ECDH with the
 * subscription's private key and HKDF with its auth secret; the record ends with the
 * last-record delimiter 2 and optional zero padding.
 */
async function decrypt(body: Bytes, subscription: Subscription): Promise<string> {
  const refuse = (why: string) => new Refusal(400, `Cannot decrypt: ${why}`);
  if (body.length < 21) throw refuse("body shorter than its header");
  const salt = body.subarray(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20];
  if (idLength !== 65) throw refuse("keyid is not a P-256 public key");
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  // One record only (RFC 8291 §4), holding at least the delimiter and the 16-byte tag.
  if (record.length < 17 || record.length > recordSize) throw refuse("not exactly one record");

  let plain: Bytes;
  try {
    const sender = await crypto.subtle.importKey(
      "raw",
      senderKey,
      { name: "ECDH", namedCurve: "P-256" },
      false,
      [],
    );
    const shared = await crypto.subtle.deriveBits(
      { name: "ECDH", public: sender },
      subscription.privateKey,
      256,
    );
    const keyInfo = concat(encoder.encode("WebPush: info\0"), subscription.publicKey, senderKey);
    const ikm = await hkdf(subscription.auth, new Uint8Array(shared), keyInfo, 32);
    const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
    // The first record's nonce is the derived one as it is (sequence number 0).
    const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
    const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
    plain = new Uint8Array(
      await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record),
    );
  } catch (error) {
    throw refuse(`${error}`);
  }
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw refuse("no last-record delimiter");
  return new TextDecoder().decode(plain.subarray(0, end));
}

/** Threshold's payloads are JSON; anything else is the sender's mistake, shown as one. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Refusal(400, "Payload is not JSON");
  }
}

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, length: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt, info },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}

function concat(...parts: Bytes[]) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
