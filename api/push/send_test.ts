// Sending Web Push messages (spec 4 §3) to a real push service on a loopback port,
// which takes a message only when its VAPID signature verifies and its body decrypts
// with the subscription's own keys: what it records is what a browser would show.
import webpush from "web-push";
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { type PushSubscriptionJSON, startPushService } from "../testing/push_service.ts";
import { PUSH_TTL_SECONDS, type PushOptions, type PushTarget, sendPush } from "./send.ts";

const vapid: { publicKey: string; privateKey: string } = webpush.generateVAPIDKeys();
const options: PushOptions = {
  urgency: "normal",
  vapid,
  subject: "mailto:no-reply@threshold.test",
  timeoutMs: 5000,
};
const payload = {
  title: "Door forced open",
  body: "Server Room · Main door",
  url: "/app/alarms/7",
  tag: "alarm-7",
};
const target = ({ endpoint, keys }: PushSubscriptionJSON): PushTarget => ({ endpoint, ...keys });

Deno.test("sending Web Push", async (t) => {
  const service = startPushService();
  try {
    await t.step(
      "a message arrives decrypted as sent, kept an hour, with the urgency asked for",
      async () => {
        // Restricted to our key, as a browser subscribes with the server's public key.
        const subscription = await service.subscribe({ applicationServerKey: vapid.publicKey });
        assertEquals(
          await sendPush(target(subscription), payload, { ...options, urgency: "high" }),
          {
            statusCode: 201,
            error: null,
          },
        );
        assertEquals(await sendPush(target(subscription), payload, options), {
          statusCode: 201,
          error: null,
        });
        const [high, normal] = await service.waitFor(2);
        assertEquals(PUSH_TTL_SECONDS, 3600);
        assertEquals({ ...high, at: 0 }, {
          endpoint: subscription.endpoint,
          ttl: 3600,
          urgency: "high",
          topic: null,
          payload,
          status: 201,
          at: 0,
        });
        assertEquals([normal.urgency, normal.payload], ["normal", payload]);
        assertEquals(service.refused, []);
      },
    );

    await t.step("410, 404 and 500 come back as the push service's status", async () => {
      const subscription = await service.subscribe();
      for (const status of [410, 404, 500]) {
        service.respondWith(subscription.endpoint, status);
        assertEquals(await sendPush(target(subscription), payload, options), {
          statusCode: status,
          error: null,
        });
      }
    });

    await t.step("a redirect comes back as it is, not followed", async () => {
      const subscription = await service.subscribe();
      const before = [service.received.length, service.refused.length];
      const redirector = Deno.serve(
        { hostname: "127.0.0.1", port: 0, onListen: () => {} },
        () => Response.redirect(subscription.endpoint, 307),
      );
      try {
        const moved = {
          ...target(subscription),
          endpoint: `http://127.0.0.1:${redirector.addr.port}/push/x`,
        };
        assertEquals(await sendPush(moved, payload, options), { statusCode: 307, error: null });
        assertEquals([service.received.length, service.refused.length], before);
      } finally {
        await redirector.shutdown();
      }
    });

    await t.step("a refused connection gives no status and says why", async () => {
      const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      const { port } = listener.addr;
      listener.close();
      const subscription = await service.subscribe();
      const result = await sendPush(
        { ...target(subscription), endpoint: `http://127.0.0.1:${port}/push/x` },
        payload,
        options,
      );
      assertEquals(result.statusCode, null);
      assertMatch(result.error!, /refused/i);
      assert(result.error!.length <= 500);
    });

    await t.step("a push service that never answers is given up on after timeoutMs", async () => {
      const subscription = await service.subscribe();
      service.respondWith(subscription.endpoint, "never");
      const started = performance.now();
      assertEquals(await sendPush(target(subscription), payload, { ...options, timeoutMs: 300 }), {
        statusCode: null,
        error: "No answer within 0.3 seconds",
      });
      const waited = performance.now() - started;
      assert(waited >= 290 && waited < 3000, `waited ${waited} ms`);
    });

    await t.step("a subject web-push refuses sends nothing and throws nothing", async () => {
      const subscription = await service.subscribe();
      const before = [service.received.length, service.refused.length];
      const result = await sendPush(target(subscription), payload, {
        ...options,
        subject: "threshold",
      });
      assertEquals(result.statusCode, null);
      assertMatch(result.error!, /subject/i);
      assertEquals([service.received.length, service.refused.length], before);
    });

    // The push service must be able to say no, or every test above could pass with a
    // sender that signs or encrypts wrongly.
    await t.step("the push service refuses a token not signed by the key it names", async () => {
      const subscription = await service.subscribe();
      const other = webpush.generateVAPIDKeys();
      const forged = { publicKey: vapid.publicKey, privateKey: other.privateKey };
      assertEquals(await sendPush(target(subscription), payload, { ...options, vapid: forged }), {
        statusCode: 403,
        error: null,
      });
      assertEquals(service.refused.at(-1), {
        endpoint: subscription.endpoint,
        status: 403,
        reason: "VAPID signature does not verify with k",
      });
    });

    await t.step(
      "the push service refuses another server's key on a subscription made for ours",
      async () => {
        const subscription = await service.subscribe({ applicationServerKey: vapid.publicKey });
        const result = await sendPush(target(subscription), payload, {
          ...options,
          vapid: webpush.generateVAPIDKeys(),
        });
        assertEquals(result.statusCode, 403);
        assertEquals(
          service.refused.at(-1)?.reason,
          "VAPID key is not the one the subscription was made with",
        );
      },
    );

    await t.step("the push service refuses a body encrypted for another subscription", async () => {
      const [mine, theirs] = [await service.subscribe(), await service.subscribe()];
      const count = service.received.length;
      const wrongKey = { ...target(mine), p256dh: theirs.keys.p256dh };
      const wrongSecret = { ...target(mine), auth: theirs.keys.auth };
      for (const wrong of [wrongKey, wrongSecret]) {
        assertEquals(await sendPush(wrong, payload, options), { statusCode: 400, error: null });
        assertMatch(service.refused.at(-1)!.reason, /^Cannot decrypt/);
      }
      assertEquals(service.received.length, count);
    });
  } finally {
    await service.close();
  }
});
