// The test push service says no where a real one would: each VAPID claim is checked
// (a token signed here by hand, so only the claim under test is wrong), the TTL header
// is required, a tampered body does not decrypt, unknown endpoints are 404. Without
// these refusals a push test could pass with a broken sender.
import webpush from "web-push";
import { assertEquals, assertMatch, assertRejects } from "./assert.ts";
import { type PushSubscriptionJSON, startPushService } from "./push_service.ts";

const vapid: { publicKey: string; privateKey: string } = webpush.generateVAPIDKeys();
const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array) =>
  bytes.toBase64({ alphabet: "base64url", omitPadding: true });

/** `Authorization: vapid t=<JWT>, k=<key>` for these claims, signed ES256 with WebCrypto. */
async function vapidHeader(claims: Record<string, unknown>) {
  const point = Uint8Array.fromBase64(vapid.publicKey, { alphabet: "base64url" });
  const key = await crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      d: vapid.privateKey,
      x: base64url(point.subarray(1, 33)),
      y: base64url(point.subarray(33)),
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const part = (value: unknown) => base64url(encoder.encode(JSON.stringify(value)));
  const signed = `${part({ typ: "JWT", alg: "ES256" })}.${part(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    encoder.encode(signed),
  );
  return `vapid t=${signed}.${base64url(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}

/** A message web-push encrypted for `subscription`, its headers changed as told. */
function message(subscription: PushSubscriptionJSON, headers: Record<string, string | null>) {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify({ title: "Hi" }), {
    vapidDetails: { subject: "mailto:a@threshold.test", ...vapid },
    TTL: 60,
    contentEncoding: "aes128gcm",
  });
  const sent = new Headers({
    TTL: "60",
    "Content-Encoding": "aes128gcm",
    Authorization: details.headers.Authorization,
  });
  for (const [name, value] of Object.entries(headers)) {
    value === null ? sent.delete(name) : sent.set(name, value);
  }
  return { headers: sent, body: details.body as Uint8Array<ArrayBuffer> };
}

async function post(endpoint: string, init: { headers: Headers; body: Uint8Array<ArrayBuffer> }) {
  const response = await fetch(endpoint, { method: "POST", ...init });
  await response.body?.cancel();
  return response.status;
}

Deno.test("the test push service", async (t) => {
  const service = startPushService();
  try {
    const subscription = await service.subscribe({ applicationServerKey: vapid.publicKey });
    const { endpoint } = subscription;
    const origin = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const good = { aud: origin, exp: now + 3600, sub: "mailto:a@threshold.test" };
    const refusedWith = async (
      headers: Record<string, string | null>,
      status: number,
      reason: string,
    ) => {
      assertEquals(await post(endpoint, message(subscription, headers)), status);
      assertEquals(service.refused.at(-1), { endpoint, status, reason });
    };

    await t.step(
      "takes a message signed by hand with good claims, and waitFor sees it arrive",
      async () => {
        const arrived = service.waitFor(1);
        assertEquals(
          await post(endpoint, message(subscription, { Authorization: await vapidHeader(good) })),
          201,
        );
        const [taken] = await arrived;
        assertEquals([taken.payload, taken.ttl, taken.urgency], [{ title: "Hi" }, 60, "normal"]);
      },
    );

    await t.step("refuses each wrong VAPID claim", async () => {
      await refusedWith({ Authorization: null }, 401, "No VAPID Authorization header");
      const cases: [Record<string, unknown>, string][] = [
        [{ ...good, aud: "http://127.0.0.1:1" }, "VAPID aud is not the push service's origin"],
        [{ ...good, exp: now - 60 }, "VAPID token has expired"],
        [{ ...good, exp: now + 25 * 3600 }, "VAPID token lives longer than 24 hours"],
        [{ ...good, sub: "http://threshold.test" }, "VAPID sub is not a mailto: or https: URL"],
      ];
      for (const [claims, reason] of cases) {
        await refusedWith({ Authorization: await vapidHeader(claims) }, 403, reason);
      }
    });

    await t.step("refuses a message without TTL or in another encoding", async () => {
      await refusedWith({ TTL: null }, 400, "TTL header missing or not a whole number of seconds");
      await refusedWith({ "Content-Encoding": "aesgcm" }, 400, "Content-Encoding is not aes128gcm");
    });

    await t.step("refuses a body changed on the way", async () => {
      const tampered = message(subscription, {});
      tampered.body[tampered.body.length - 1] ^= 1;
      assertEquals(await post(endpoint, tampered), 400);
      assertMatch(service.refused.at(-1)!.reason, /^Cannot decrypt: OperationError/);
    });

    await t.step("answers 404 for an endpoint it never gave out", async () => {
      const unknown = { ...subscription, endpoint: `${service.url}/push/unknown` };
      assertEquals(await post(unknown.endpoint, message(unknown, {})), 404);
    });

    await t.step("waitFor gives up after its timeout, saying how many came", async () => {
      await assertRejects(service.waitFor(2, 50), {
        message: "Expected 2 push messages within 50 ms, got 1",
      });
    });
  } finally {
    await service.close();
  }
});
