// Deprovisioning through SCIM is complete and immediate (spec 4 §6): a person made
// inactive (active: false) or deleted by the provider loses their open session at
// once, and a door connected over a real HTTP stream hears list-changed within a
// second, after which its list no longer lets their badge in. The API here listens
// on a loopback port; the provider and the door speak HTTP to it.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp } from "../testing/test_app.ts";
import { building, CARD } from "../access/testing.ts";
import { events } from "../testing/sse.ts";
import { createApp } from "../app.ts";
import { createLogger } from "../http/logger.ts";

describeApp("SCIM deprovisioning reaches sessions and doors at once", async (t, testApp) => {
  const b = await building(testApp);
  // The app as api/main.ts runs it: its door streams end when it stops.
  const stopping = new AbortController();
  const { sql, listen, config } = testApp;
  const app = createApp({ sql, listen, config, log: createLogger("silent"), stopping: stopping.signal });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const token = (await b.admin.request("POST", "/api/scim-tokens", { body: { name: "Okta" } })).json.token;
  const scim = (method: string, path: string, body?: unknown) =>
    fetch(`${base}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const door = async () => {
    const hangUp = new AbortController();
    const res = await fetch(`${base}/api/access/devices/self/stream`, {
      headers: { authorization: `Bearer ${b.apiKey}` },
      signal: hangUp.signal,
    });
    assertEquals(res.status, 200);
    const stream = events(res);
    assert((await stream.next()) !== "closed"); // the list it starts with
    return { next: stream.next, cancel: () => hangUp.abort() };
  };
  const listCards = async () =>
    (await b.device("GET", "/api/access/devices/self/access-list")).json.credentials as { cardCode: string }[];
  const signIn = async (email: string) => {
    await testApp.sql`update users set password_hash = (select password_hash from users where email = 'admin@example.com')
      where email = ${email}`;
    return await testApp.login(email);
  };

  try {
    await t.step("active: false ends Ada's session and her door hears list-changed within 1 s", async () => {
      const ada = await signIn("ada@example.com");
      assertEquals((await ada.request("GET", "/api/auth/me")).status, 200);
      assertEquals((await listCards()).map((c) => c.cardCode), [CARD.cardCode]);
      const stream = await door();
      const started = performance.now();
      const res = await scim("PATCH", `/Users/${b.userId}`, {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "replace", value: { active: false } }],
      });
      assertEquals(res.status, 200);
      assertEquals((await res.json()).active, false);
      const heard = await stream.next(1_000);
      const ms = performance.now() - started;
      assert(heard !== "closed" && heard.event === "list-changed", JSON.stringify(heard));
      assert(ms < 1_000, `${ms} ms`);
      assertEquals((await ada.request("GET", "/api/auth/me")).status, 401);
      assertEquals(await listCards(), []);
      const decision = await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
      assertEquals([decision.json.decision, decision.json.reason], ["denied", "user_inactive"]);
      await stream.cancel();
    });

    await t.step("reactivated, then deleted: the session ends and the door hears it within 1 s", async () => {
      const back = await scim("PATCH", `/Users/${b.userId}`, {
        Operations: [{ op: "Replace", path: "active", value: "True" }],
      });
      assertEquals(back.status, 200);
      await back.body?.cancel();
      assertEquals((await listCards()).length, 1);
      const ada = await signIn("ada@example.com");
      const stream = await door();
      const started = performance.now();
      const res = await scim("DELETE", `/Users/${b.userId}`);
      assertEquals(res.status, 204);
      const heard = await stream.next(1_000);
      assert(heard !== "closed" && heard.event === "list-changed" && performance.now() - started < 1_000);
      assertEquals((await ada.request("GET", "/api/auth/me")).status, 401);
      assertEquals(await listCards(), []);
      await stream.cancel();
    });

    await t.step("the dashboard's audit trail names the provider for both", async () => {
      const rows = await testApp.sql`select actor_type, actor_name, action from audit_events
        where actor_type = 'system' order by id`;
      assertEquals(rows.map((r) => `${r.actorName} ${r.action}`), [
        "SCIM: Okta user.deactivate",
        "SCIM: Okta user.reactivate",
        "SCIM: Okta user.delete",
      ]);
    });
  } finally {
    stopping.abort();
    await server.shutdown();
  }
});
