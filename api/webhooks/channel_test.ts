// Sending webhooks (spec 3 §6) to a real receiver on a loopback port: signed so that
// the `standardwebhooks` package verifies them; retried on the exact schedule (a
// controlled clock: not a moment early, then due); 410 disables the endpoint;
// redirects are not followed; private addresses are refused at send time unless
// allowed; a failed delivery retried by hand is sent again; two senders on one
// database send each delivery once.
import { Webhook } from "standardwebhooks";
import { assert, assertEquals } from "../testing/assert.ts";
import { startTestApp } from "../testing/test_app.ts";
import { startReceiver } from "../testing/webhook_receiver.ts";
import { createLogger } from "../http/logger.ts";
import { signInAdmin } from "../testing/test_app.ts";
import { Outbox } from "../outbox/outbox.ts";
import { RETRY_DELAYS_MS, webhookChannel } from "./channel.ts";

Deno.test({
  name: "webhook sender",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const testApp = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "true" });
    const receiver = await startReceiver();
    try {
      const { sql, listen } = testApp;
      const admin = await signInAdmin(testApp);
      // The controlled clock, set to the database's now where a test needs "now".
      let clock = new Date();
      const now = async () => (clock = (await sql<{ now: Date }[]>`select now()`)[0].now);
      const sender = (options: { allowPrivate?: boolean; timeoutMs?: number } = {}) =>
        new Outbox({
          sql,
          listen,
          log: createLogger("silent"),
          now: () => clock,
          channels: [webhookChannel({ allowPrivate: true, ...options })],
        });
      const make = async (path: string, eventTypes = ["lockdown.started"]) => {
        const res = await admin.request("POST", "/api/webhooks", {
          body: { url: receiver.url + path, eventTypes },
        });
        assertEquals(res.status, 201);
        return res.json as { id: number; secret: string };
      };
      const deliveries = async (id: number) =>
        (await admin.request("GET", `/api/webhooks/${id}/deliveries`)).json;
      const test = async (id: number) =>
        (await admin.request("POST", `/api/webhooks/${id}/test`)).json.id as number;

      await t.step(
        "a test event arrives signed: standardwebhooks verifies it; delivered on a 2xx",
        async () => {
          const hook = await make("/ok");
          await test(hook.id);
          await now();
          assertEquals(await sender().sendDue(), 1);
          const [got] = receiver.received;
          assertEquals(got.path, "/ok");
          const payload = new Webhook(hook.secret).verify(
            got.body,
            Object.fromEntries(got.headers),
          ) as Record<string, unknown>;
          assertEquals(payload.type, "webhook.test");
          assertEquals(payload.data, {
            webhookId: hook.id,
            message: "This is a test event from Threshold",
          });
          assert(
            typeof payload.timestamp === "string" &&
              got.headers.get("webhook-id")!.startsWith("evt_"),
          );
          const [delivery] = await deliveries(hook.id);
          assertEquals([
            delivery.status,
            delivery.attempts,
            delivery.lastStatusCode,
            delivery.nextAttemptAt,
          ], [
            "delivered",
            1,
            200,
            null,
          ]);
        },
      );

      await t.step(
        "retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, the same bytes each time, then failed",
        async () => {
          receiver.answer(() => new Response("down", { status: 503 }));
          receiver.received.length = 0;
          const hook = await make("/down");
          const id = await test(hook.id);
          await now();
          assertEquals(await sender().sendDue(), 1);
          for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
            const [pending] = await deliveries(hook.id);
            assertEquals([pending.id, pending.status, pending.attempts, pending.lastStatusCode], [
              id,
              "pending",
              i + 1,
              503,
            ]);
            assertEquals(new Date(pending.nextAttemptAt).getTime(), clock.getTime() + delay);
            clock = new Date(clock.getTime() + delay - 1);
            assertEquals(await sender().sendDue(), 0, `attempt ${i + 2} a moment early`);
            clock = new Date(clock.getTime() + 1);
            assertEquals(await sender().sendDue(), 1, `attempt ${i + 2} when due`);
          }
          const [failed] = await deliveries(hook.id);
          assertEquals([failed.status, failed.attempts, failed.nextAttemptAt], [
            "failed",
            10,
            null,
          ]);
          assertEquals(receiver.received.length, 10);
          assertEquals(
            new Set(receiver.received.map((r) => r.body + r.headers.get("webhook-id"))).size,
            1,
          );
          clock = new Date(clock.getTime() + 48 * 3600_000);
          assertEquals(await sender().sendDue(), 0);

          // Retried by hand: due now, its schedule from the start.
          receiver.answer(() => new Response(null, { status: 204 }));
          const retried = await admin.request(
            "POST",
            `/api/webhooks/${hook.id}/deliveries/${id}/retry`,
          );
          assertEquals([retried.status, retried.json.status, retried.json.attempts], [
            200,
            "pending",
            0,
          ]);
          await now();
          assertEquals(await sender().sendDue(), 1);
          assertEquals((await deliveries(hook.id))[0].status, "delivered");
        },
      );

      await t.step(
        "410 Gone: failed, and the endpoint is turned off (audited, by Threshold)",
        async () => {
          receiver.answer(() => new Response("gone", { status: 410 }));
          const hook = await make("/gone");
          await test(hook.id);
          await now();
          assertEquals(await sender().sendDue(), 1);
          const [delivery] = await deliveries(hook.id);
          assertEquals([delivery.status, delivery.lastStatusCode], ["failed", 410]);
          assertEquals(
            (await admin.request("GET", `/api/webhooks/${hook.id}`)).json.isActive,
            false,
          );
          const [event] =
            await sql`select actor_type, actor_name, changes from audit_events where action = 'webhook.disable'`;
          assertEquals([event.actorType, event.actorName, event.changes], ["system", "Threshold", {
            isActive: [true, false],
          }]);
          const again = await admin.request("POST", `/api/webhooks/${hook.id}/test`);
          assertEquals([again.status, again.json.error], [
            409,
            "This webhook is turned off: turn it on first",
          ]);
        },
      );

      await t.step("a redirect is not followed; a slow receiver times out", async () => {
        receiver.answer((request) =>
          new URL(request.url).pathname === "/moved"
            ? new Response(null, {
              status: 302,
              headers: { location: "http://169.254.169.254/latest" },
            })
            : new Promise((resolve) => setTimeout(() => resolve(new Response("late")), 1_000))
        );
        receiver.received.length = 0;
        const moved = await make("/moved");
        await test(moved.id);
        const slow = await make("/slow");
        await test(slow.id);
        await now();
        assertEquals(await sender({ timeoutMs: 200 }).sendDue(), 2);
        assertEquals(receiver.received.map((r) => r.path).sort(), ["/moved", "/slow"]);
        const [redirected] = await deliveries(moved.id);
        assertEquals([redirected.status, redirected.lastStatusCode, redirected.lastError], [
          "pending",
          302,
          "Redirects are not followed",
        ]);
        const [late] = await deliveries(slow.id);
        assertEquals([late.status, late.lastStatusCode, late.lastError], [
          "pending",
          null,
          "No answer within 0.2 seconds",
        ]);
      });

      await t.step("without WEBHOOK_ALLOW_PRIVATE a loopback endpoint is not called", async () => {
        receiver.answer(() => new Response("ok"));
        receiver.received.length = 0;
        const hook = await make("/private");
        await test(hook.id);
        await now();
        assertEquals(await sender({ allowPrivate: false }).sendDue(), 1);
        assertEquals(receiver.received.filter((r) => r.path === "/private"), []);
        const [refused] = await deliveries(hook.id);
        assertEquals([refused.status, refused.lastError], [
          "pending",
          "Webhook URL must be a public address",
        ]);
      });

      await t.step(
        "a delivery whose event is no longer held fails at once, unsent; one claimed with it is delivered",
        async () => {
          receiver.answer(() => new Response("ok"));
          receiver.received.length = 0;
          const hook = await make("/held", ["access.granted"]);
          const [log] = await sql`insert into access_logs (action, outcome, user_name)
            values ('Unlock', 'success', 'Gone Person') returning id`;
          await sql`delete from access_logs where id = ${log.id}`;
          await test(hook.id);
          await now();
          assertEquals(await sender().sendDue(), 2);
          assertEquals(receiver.received.map((r) => JSON.parse(r.body).type), ["webhook.test"]);
          const byType = new Map<string, { status: string; attempts: number; lastError: string | null }>(
            (await deliveries(hook.id)).map((d: { eventType: string }) => [d.eventType, d]),
          );
          assertEquals(
            [byType.get("access.granted")?.status, byType.get("access.granted")?.lastError],
            ["failed", "The event is no longer held"],
          );
          assertEquals(byType.get("webhook.test")?.status, "delivered");
        },
      );

      await t.step("two senders on one database: each delivery is sent once", async () => {
        receiver.received.length = 0;
        const hook = await make("/once");
        for (let i = 0; i < 40; i++) await test(hook.id);
        await now();
        const [a, b] = [sender(), sender()];
        const sent = await Promise.all([a.sendDue(), b.sendDue()]);
        const ids = receiver.received.filter((r) => r.path === "/once").map((r) =>
          r.headers.get("webhook-id")
        );
        assertEquals([sent[0] + sent[1] >= 40, ids.length, new Set(ids).size], [true, 40, 40]);
      });
    } finally {
      await receiver.stop();
      await testApp.close();
    }
  },
});
