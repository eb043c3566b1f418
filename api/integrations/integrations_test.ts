// The integrations are the app's own (c.var.integrations), not the module's: two
// apps on one database, each with its own, share no simulator, session or fault.
import { assert, assertEquals } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";
import { createIntegrations } from "./integrations.ts";
import { DENSITY_DEMO_TOKEN } from "./density/simulator.ts";

describeApp("integrations: two apps, two sets of services", async (t, first) => {
  const second = first.withIntegrations(createIntegrations(first.config));
  await addUser(first.sql, { email: "admin@example.com", admin: true });
  const { cookie } = await first.login("admin@example.com");
  await first.sql`insert into devices (name, device_id, type, density_space_id, density_api_token)
    values ('Lobby Sensor', 'DEV-LOBBY', 'density', 'spc_main_lobby', ${DENSITY_DEMO_TOKEN})`;
  const ask = (app: typeof first, method: string, path: string) =>
    app.request(method, path, { cookie });

  await t.step("a Density fault set on one app's simulator leaves the other alone", async () => {
    first.integrations.density.simulator!.fail("error");
    const path = "/api/density/spaces/spc_main_lobby/count";
    const failed = await ask(first, "GET", path);
    assertEquals([failed.status, failed.json.code], [502, "bad_gateway"]);
    assertEquals((await ask(second, "GET", path)).status, 200);
  });

  await t.step("a verification started on one app exists in its Stripe only", async () => {
    const res = await ask(second, "POST", "/api/stripe/verification-session");
    assertEquals(res.status, 200);
    const [{ sessionId }] = await first.sql<{ sessionId: string }[]>`
      select stripe_verification_session_id as "sessionId" from users`;
    assert(second.integrations.stripe.simulator!.session(sessionId), "in the second's Stripe");
    assertEquals(first.integrations.stripe.simulator!.session(sessionId), undefined);
  });

  await t.step("each app starts its own Last Lock and UniFi simulators", async () => {
    for (
      const [path, field] of [["/api/lastlock/status", "grpcHost"], ["/api/unifi/status", "host"]]
    ) {
      const [a, b] = [await ask(first, "GET", path), await ask(second, "GET", path)];
      assertEquals([a.json.connected, b.json.connected], [true, true]);
      assert(a.json[field] !== b.json[field], `${path}: ${a.json[field]} and ${b.json[field]}`);
    }
  });

  await second.close();
});
