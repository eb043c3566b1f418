// The Web Push calls (spec 4 §3): one VAPID key for every process, subscriptions that
// replace each other by endpoint, that only a public https push service may take
// (unless PUSH_ALLOW_PRIVATE), and that end with the session they were made in.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp, TEST_ORIGIN } from "../testing/test_app.ts";
import { pushSubscription } from "../testing/route_examples.ts";
import { createApp } from "../app.ts";
import { createLogger } from "../http/logger.ts";

const PUBLIC = "https://203.0.114.7/push";

describeApp("push subscriptions", async (t, testApp) => {
  const { sql } = testApp;
  const adaId = await addUser(sql, { email: "ada@example.com" });
  await addUser(sql, { email: "bob@example.com", admin: true });
  const ada = await testApp.login("ada@example.com");
  const subscriptions = async () => [...await sql<{ endpoint: string; userId: number }[]>`select endpoint, user_id from push_subscriptions order by id`];

  await t.step("one public key, made once and kept for every process", async () => {
    const first = await ada.request("GET", "/api/push/public-key");
    assertEquals(first.status, 200);
    assert(/^[A-Za-z0-9_-]{87}$/.test(first.json.publicKey), first.json.publicKey);
    assertEquals((await ada.request("GET", "/api/push/public-key")).json, first.json);
    const [{ n }] = await sql`select count(*)::int as n from push_keys`;
    assertEquals(n, 1);
    assertEquals((await testApp.request("GET", "/api/push/public-key")).status, 401);
  });

  await t.step("subscribing: 201; the same endpoint again replaces it, under whoever is signed in", async () => {
    const made = await ada.request("POST", "/api/push/subscriptions", { body: pushSubscription(`${PUBLIC}/tablet`) });
    assertEquals(made.status, 201);
    assert(Number.isInteger(made.json.id));
    const bob = await testApp.login("bob@example.com");
    const again = await bob.request("POST", "/api/push/subscriptions", { body: pushSubscription(`${PUBLIC}/tablet`) });
    assertEquals(again.status, 201);
    assertEquals(await subscriptions(), [{ endpoint: `${PUBLIC}/tablet`, userId: bob.user.id }]);
    // Bob signs out on the tablet: it notifies nobody.
    assertEquals((await bob.request("POST", "/api/auth/logout")).status, 200);
    assertEquals(await subscriptions(), []);
  });

  await t.step("bad subscriptions: 400 with the spec's sentence, nothing stored", async () => {
    const good = pushSubscription(`${PUBLIC}/x`);
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: "http://203.0.114.7/push" }, "Push endpoint must be a public https URL"],
      [{ ...good, endpoint: "https://127.0.0.1/push" }, "Push endpoint must be a public https URL"],
      [{ ...good, endpoint: "https://localhost/push" }, "Push endpoint must be a public https URL"],
      [{ ...good, endpoint: "https://10.1.2.3/push" }, "Push endpoint must be a public https URL"],
      [{ ...good, endpoint: "not a url" }, "Push endpoint must be a public https URL"],
      [{ ...good, endpoint: `${PUBLIC}/${"x".repeat(2_000)}` }, "Push endpoint must be a public https URL"],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "Push keys must be the browser's p256dh and auth keys"],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}+/` } }, "Push keys must be the browser's p256dh and auth keys"],
      [{ endpoint: good.endpoint }, "Push keys must be the browser's p256dh and auth keys"],
      [{ ...good, keys: { p256dh: 5, auth: null } }, "Push keys must be the browser's p256dh and auth keys"],
    ];
    for (const [body, error] of cases) {
      const res = await ada.request("POST", "/api/push/subscriptions", { body });
      assertEquals([res.status, res.json.error], [400, error], JSON.stringify(body).slice(0, 120));
    }
    assertEquals(await subscriptions(), []);
  });

  await t.step("PUSH_ALLOW_PRIVATE: a loopback push service of the tests' own is taken", async () => {
    const app = createApp({ sql, listen: testApp.listen, config: { ...testApp.config, pushAllowPrivate: true }, log: createLogger("silent") });
    const res = await app.request(new URL("/api/push/subscriptions", TEST_ORIGIN), {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: ada.cookie, "content-type": "application/json" },
      body: JSON.stringify(pushSubscription("http://127.0.0.1:9/push/local")),
    });
    assertEquals(res.status, 201);
    await sql`delete from push_subscriptions`;
  });

  await t.step("unsubscribing removes one's own only", async () => {
    await ada.request("POST", "/api/push/subscriptions", { body: pushSubscription(`${PUBLIC}/ada`) });
    const bob = await testApp.login("bob@example.com");
    await bob.request("POST", "/api/push/subscriptions", { body: pushSubscription(`${PUBLIC}/bob`) });
    const refused = await ada.request("DELETE", "/api/push/subscriptions", { body: { endpoint: `${PUBLIC}/bob` } });
    assertEquals([refused.status, refused.json], [200, { success: true }]);
    const done = await ada.request("DELETE", "/api/push/subscriptions", { body: { endpoint: `${PUBLIC}/ada` } });
    assertEquals(done.json, { success: true });
    assertEquals((await subscriptions()).map((s) => s.endpoint), [`${PUBLIC}/bob`]);
    assertEquals((await testApp.request("DELETE", "/api/push/subscriptions", { body: { endpoint: `${PUBLIC}/bob` } })).status, 401);
  });

  await t.step("deactivating a user ends their subscriptions with their sessions", async () => {
    const again = await testApp.login("ada@example.com");
    await again.request("POST", "/api/push/subscriptions", { body: pushSubscription(`${PUBLIC}/ada2`) });
    const admin = await testApp.login("bob@example.com");
    assertEquals((await admin.request("PATCH", `/api/users/${adaId}/toggle-active`)).status, 200);
    assertEquals((await subscriptions()).filter((s) => s.userId === adaId), []);
  });
});
