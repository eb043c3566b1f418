// The webhook calls (spec 3 §6): endpoints made, read (never with their secret),
// edited with If-Match, deleted; the secret answered once and rotated; private
// addresses refused; deliveries written in the transaction of their cause for
// the endpoints that subscribe; a test event; retry only of a failed delivery.
// Anonymous and member callers are refused by the authorization matrix, bad input
// by http/bad_input_test.ts.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "../access/testing.ts";

const PUBLIC = "https://93.184.215.14/hooks/threshold";

describeApp("webhooks", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const admin = b.admin;
  const deliveries = async (id: number) =>
    (await admin.request("GET", `/api/webhooks/${id}/deliveries`)).json;

  let all: { id: number; secret: string; updatedAt: string };
  await t.step(
    "Add: 201 with the secret, whsec_ and 24 bytes; no read answers it again",
    async () => {
      const made = await admin.request("POST", "/api/webhooks", {
        body: { url: PUBLIC, description: "Everything", eventTypes: [] },
      });
      assertEquals(made.status, 201);
      const { id, secret, createdAt, updatedAt, ...rest } = made.json;
      assertEquals(rest, {
        url: PUBLIC,
        description: "Everything",
        eventTypes: [],
        isActive: true,
      });
      assert(/^whsec_[A-Za-z0-9+/]{32}$/.test(secret) && createdAt && updatedAt);
      all = made.json;
      const list = await admin.request("GET", "/api/webhooks");
      assertEquals(list.json.map((w: { id: number }) => w.id), [id]);
      assert(!list.text.includes(secret) && !list.text.includes("secret"));
      const one = await admin.request("GET", `/api/webhooks/${id}`);
      assertEquals([one.status, "secret" in one.json], [200, false]);
      const [event] =
        await sql`select changes::text from audit_events where action = 'webhook.create'`;
      assert(event.changes.includes("[redacted]") && !event.changes.includes(secret));
    },
  );

  await t.step(
    "loopback, private, link-local and unique-local addresses are refused, and nothing is made",
    async () => {
      for (
        const url of [
          "http://127.0.0.1:8080/hook",
          "http://localhost/hook",
          "http://10.1.2.3/",
          "http://172.20.0.1/",
          "http://192.168.1.10/",
          "http://169.254.169.254/latest/meta-data",
          "http://[::1]/",
          "http://[fd12:3456::1]/",
          "http://[fe80::1]/",
          "http://[::ffff:192.168.1.1]/",
          "http://0.0.0.0/",
        ]
      ) {
        const res = await admin.request("POST", "/api/webhooks", { body: { url } });
        assertEquals([url, res.status, res.json.error], [
          url,
          400,
          "Webhook URL must be a public address",
        ]);
      }
      const edit = await admin.request("PUT", `/api/webhooks/${all.id}`, {
        body: { url: "http://10.0.0.1/" },
      });
      assertEquals([edit.status, edit.json.error], [400, "Webhook URL must be a public address"]);
      assertEquals((await admin.request("GET", "/api/webhooks")).json.length, 1);
    },
  );

  await t.step("bad URLs and event types: 400 with the reason", async () => {
    const cases: [unknown, string][] = [
      [{}, "Webhook URL is required"],
      [{ url: "ftp://example.com/x" }, "Webhook URL must be an http:// or https:// address"],
      [
        { url: "https://user:pw@93.184.215.14/" },
        "Webhook URL must be an http:// or https:// address",
      ],
      [
        { url: PUBLIC, eventTypes: ["access.opened"] },
        "Event types must be a list of: access.granted, access.denied, lockdown.started, lockdown.ended, door.unlocked_remotely, alarm.raised, alarm.acknowledged, alarm.resolved, visit.arrived, admin.change, webhook.test",
      ],
      [{ url: PUBLIC, description: "x".repeat(501) }, "Description must be at most 500 characters"],
    ];
    for (const [body, error] of cases) {
      const res = await admin.request("POST", "/api/webhooks", { body });
      assertEquals([res.status, res.json.error], [400, error]);
    }
  });

  await t.step("webhook.test may be listed (spec 3 §6); only Send test event sends it", async () => {
    const made = await admin.request("POST", "/api/webhooks", { body: { url: `${PUBLIC}/tests`, eventTypes: ["webhook.test", "admin.change"] } });
    assertEquals([made.status, made.json.eventTypes], [201, ["admin.change", "webhook.test"]]);
    const [{ n }] = await sql`select count(*)::int as n from webhook_deliveries d join events e on e.id = d.event_id
      where d.webhook_id = ${made.json.id} and e.type = 'webhook.test'`;
    assertEquals(n, 0);
  });

  let lockdowns: { id: number; updatedAt: string };
  await t.step(
    "PUT: replaces the endpoint; a stale If-Match is 412; an unknown id 404",
    async () => {
      const made = await admin.request("POST", "/api/webhooks", {
        body: { url: PUBLIC, eventTypes: ["admin.change"] },
      });
      const put = await admin.request("PUT", `/api/webhooks/${made.json.id}`, {
        body: {
          url: `${PUBLIC}/lockdowns`,
          description: "Lockdowns",
          eventTypes: ["lockdown.ended", "lockdown.started"],
        },
        headers: { "if-match": made.json.updatedAt },
      });
      assertEquals(put.status, 200);
      assertEquals([put.json.url, put.json.eventTypes, put.json.isActive], [`${PUBLIC}/lockdowns`, [
        "lockdown.started",
        "lockdown.ended",
      ], true]);
      lockdowns = put.json;
      const stale = await admin.request("PUT", `/api/webhooks/${made.json.id}`, {
        body: { url: PUBLIC },
        headers: { "if-match": made.json.updatedAt },
      });
      assertEquals(stale.status, 412);
      assertEquals(
        (await admin.request("PUT", "/api/webhooks/9999", { body: { url: PUBLIC } })).status,
        404,
      );
    },
  );

  await t.step(
    "deliveries: written with their cause, for each active endpoint that subscribes",
    async () => {
      const off = await admin.request("POST", "/api/webhooks", {
        body: { url: PUBLIC, isActive: false },
      });
      // Its own creation was an admin change it subscribed to then.
      assertEquals(
        (await deliveries(lockdowns.id)).map((d: { eventType: string }) => d.eventType),
        ["admin.change"],
      );
      const started = await admin.request("POST", "/api/lockdowns", {
        body: { scope: "all", reason: "Drill" },
      });
      assertEquals(started.status, 201);
      const kinds = (list: { eventType: string }[]) => list.map((d) => d.eventType);
      assertEquals(kinds(await deliveries(lockdowns.id)), ["lockdown.started", "admin.change"]);
      // The everything endpoint: the lockdown and its audit event, after the earlier admin changes.
      assertEquals(kinds(await deliveries(all.id)).slice(0, 2).sort(), [
        "admin.change",
        "lockdown.started",
      ]);
      assertEquals(await deliveries(off.json.id), []);
      const [first] = await deliveries(lockdowns.id);
      assertEquals([first.status, first.attempts, first.lastStatusCode, first.lastError], [
        "pending",
        0,
        null,
        null,
      ]);
      assert(typeof first.id === "number" && first.nextAttemptAt && first.createdAt);

      // Denied: the lockdown is on.
      await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
      assertEquals((await deliveries(all.id))[0].eventType, "access.denied");

      // A cause rolled back leaves no event and no delivery.
      const before = (await deliveries(all.id)).length;
      await sql.begin(async (tx) => {
        await tx`insert into access_logs (action, outcome) values ('Unlock', 'denied')`;
        await tx`rollback and chain`;
      }).catch(() => {});
      assertEquals((await deliveries(all.id)).length, before);
    },
  );

  await t.step(
    "Send test event: one webhook.test delivery to this endpoint alone; a pending delivery cannot be retried",
    async () => {
      const others = (await deliveries(lockdowns.id)).length;
      const test = await admin.request("POST", `/api/webhooks/${all.id}/test`);
      assertEquals([test.status, test.json.eventType, test.json.status], [
        201,
        "webhook.test",
        "pending",
      ]);
      // With the test's own audit event (an admin change) after it.
      assertEquals(
        (await deliveries(all.id)).slice(0, 2).map((d: { id: number }) => d.id).includes(
          test.json.id,
        ),
        true,
      );
      assertEquals((await deliveries(lockdowns.id)).length, others);
      const retry = await admin.request(
        "POST",
        `/api/webhooks/${all.id}/deliveries/${test.json.id}/retry`,
      );
      assertEquals([retry.status, retry.json.error], [
        409,
        "Only a failed delivery can be retried",
      ]);
      const elsewhere = await admin.request(
        "POST",
        `/api/webhooks/${lockdowns.id}/deliveries/${test.json.id}/retry`,
      );
      assertEquals([elsewhere.status, elsewhere.json.error], [404, "Delivery not found"]);
    },
  );

  await t.step("rotate-secret: a new secret, answered once, audited as [redacted]", async () => {
    const rotated = await admin.request("POST", `/api/webhooks/${all.id}/rotate-secret`);
    assertEquals(rotated.status, 200);
    assert(rotated.json.secret.startsWith("whsec_") && rotated.json.secret !== all.secret);
    const [event] =
      await sql`select changes from audit_events where action = 'webhook.secret.rotate'`;
    assertEquals(event.changes, { secret: ["[redacted]", "[redacted]"] });
  });

  await t.step("DELETE: gone with its deliveries; again 404", async () => {
    const del = await admin.request("DELETE", `/api/webhooks/${lockdowns.id}`);
    assertEquals([del.status, del.json], [200, { success: true, id: lockdowns.id }]);
    assertEquals((await admin.request("GET", `/api/webhooks/${lockdowns.id}`)).status, 404);
    assertEquals((await admin.request("DELETE", `/api/webhooks/${lockdowns.id}`)).status, 404);
    assertEquals(
      (await sql`select count(*)::int as n from webhook_deliveries where webhook_id = ${lockdowns.id}`)[
        0
      ].n,
      0,
    );
  });
});
